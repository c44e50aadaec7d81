(ns sluice.ring-test
  "wrap-json-response served by a real Jetty server and read by java.net.http."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.example.server :as server]
            [sluice.json :as json]
            [sluice.ring :as ring]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (java.net URI)
           (java.net.http HttpClient HttpRequest HttpResponse HttpResponse$BodyHandlers)
           (java.time Duration)
           (org.eclipse.jetty.server Server)))

(set! *warn-on-reflection* true)

(use-fixtures :once ts/with-connection)

(defn- GET
  "[status content-type body] of a GET to the server."
  [^Server s ^String path]
  (let [client (HttpClient/newHttpClient)
        req (-> (HttpRequest/newBuilder (URI. (str "http://127.0.0.1:" (server/port s) path)))
                (.timeout (Duration/ofSeconds 30))
                (.build))
        ^HttpResponse resp (.send client req (HttpResponse$BodyHandlers/ofString))]
    [(.statusCode resp) (.orElse (.firstValue (.headers resp) "content-type") nil) (.body resp)]))

(defmacro with-server [[s handler] & body]
  `(let [~s (server/run-server ~handler {:port 0})]
     (try ~@body (finally (.stop ~s)))))

(deftest example-app-streams-rows
  (with-server [s (server/app *conn*)]
    (let [[status ctype body] (GET s "/rows?n=100")
          rows (json/read-str body)]
      (is (= 200 status))
      (is (= "application/json; charset=utf-8" ctype))
      (is (= 100 (count rows)))
      (is (= (range 1 101) (map :id rows)))
      (is (= {:id 7 :score 10.5 :data {:n 7 :tags ["a" "b"]}} (select-keys (nth rows 6) [:id :score :data])))
      (is (string? (:created (first rows))) "timestamps as ISO strings"))
    (is (= 404 (first (GET s "/nothing"))))
    (testing "concurrent requests share the one pipelined connection"
      (let [results (pmap (fn [n] (count (json/read-str (nth (GET s (str "/rows?n=" n)) 2)))) (range 1 21))]
        (is (= (range 1 21) results))))))

(deftest middleware-bodies
  (let [conn *conn*
        handler (ring/wrap-json-response
                 (fn [req]
                   (case (:uri req)
                     "/vector" {:status 200 :body (sluice/execute! conn "select 1 as a, '[1]'::json as j")}
                     "/map" {:status 201 :body {:ok true} :headers {"X-Test" "1"}}
                     "/text" {:status 200 :body "plain" :headers {"Content-Type" "text/plain"}}
                     "/custom" {:status 200 :body [1] :headers {"Content-Type" "application/vnd.x+json"}})))]
    (with-server [s handler]
      (is (= [200 "application/json; charset=utf-8" "[{\"a\":1,\"j\":[1]}]"] (GET s "/vector")))
      (is (= [201 "application/json; charset=utf-8" "{\"ok\":true}"] (GET s "/map")))
      (is (= [200 "text/plain" "plain"] (GET s "/text")))
      (is (= [200 "application/vnd.x+json" "[1]"] (GET s "/custom"))))
    (testing "asynchronous handlers"
      (let [async (ring/wrap-json-response (fn [_ respond _] (respond {:status 200 :body [1 2]})))
            p (promise)]
        (async {} #(deliver p %) #(deliver p %))
        (let [out (java.io.ByteArrayOutputStream.)]
          (ring/write-body (:body @p) out)
          (is (= "[1,2]" (str out))))))))

(def ^:private every-type-sql
  "A row of every kind of value a column may decode to."
  (str "select interval '1 day 02:03:04' as iv, int4range(1, 10) as r, inet '10.0.0.1/8' as ip, B'101'::varbit as bits, "
       "'\\xdead'::bytea as b, array[1, null, 3] as arr, array[[1, 2], [3, 4]] as arr2, 'infinity'::date as d, "
       "'-infinity'::timestamptz as ts, timestamp '2024-02-29 12:00' as lts, macaddr '08:00:2b:01:02:03' as mac, "
       "'NaN'::numeric as nan, 1.5::numeric as num, row(1, 'a') as rec, '{1,2}'::int8[] as longs, "
       "'[{\"a\": 1}]'::jsonb as j, array['{\"b\": 2}'::jsonb] as js, time '12:00' as t, gen_random_uuid() as u"))

(deftest every-column-type-is-encodable
  (let [conn *conn*
        handler (ring/wrap-json-response
                 (fn [req]
                   (case (:uri req)
                     "/plan" {:status 200 :body (sluice/plan conn every-type-sql)}
                     "/rows" {:status 200 :body (sluice/execute! conn every-type-sql)}
                     "/maps" {:status 200 :body (sluice/execute! conn every-type-sql {:as :maps})})))]
    (with-server [s handler]
      (doseq [path ["/plan" "/rows" "/maps"]]
        (let [[status _ body] (GET s path)
              [row] (json/read-str body)]
          (is (= 200 status) path)
          (is (= {:iv "1 day 02:03:04" :r "[1,10)" :ip "10.0.0.1/8" :bits "101" :b "3q0=" :arr [1 nil 3]
                  :arr2 [[1 2] [3 4]] :d "infinity" :ts "-infinity" :lts "2024-02-29T12:00" :mac "08:00:2b:01:02:03"
                  :nan "NaN" :num 1.5 :longs [1 2] :j [{:a 1}] :js [{:b 2}] :t "12:00"}
                 (dissoc row :rec :u))
              path)
          (is (= 36 (count (:u row))) path)
          (is (= {:f1 1 :f2 "a"} (:rec row)) path))))))

(defn- GET-raw
  "[status body-or-exception] of a GET: the body as bytes, or the exception reading it raised."
  [^Server s ^String path]
  (let [client (HttpClient/newHttpClient)
        req (-> (HttpRequest/newBuilder (URI. (str "http://127.0.0.1:" (server/port s) path)))
                (.timeout (Duration/ofSeconds 30))
                (.build))]
    (try
      (let [^HttpResponse resp (.send client req (HttpResponse$BodyHandlers/ofString))]
        [(.statusCode resp) (.body resp)])
      (catch java.io.IOException e [:failed e]))))

(deftest a-failing-body-is-a-500-or-an-aborted-response
  (let [conn *conn*
        handler (ring/wrap-json-response
                 (fn [req]
                   (case (:uri req)
                     "/bad-sql" {:status 200 :body (sluice/plan conn "select no_such_column")}
                     "/bad-value" {:status 200 :body [{:ok 1} {:bad (Object.)}]}
                     "/late" {:status 200 :body (eduction (map (fn [r] (if (= 50000 (:x r)) (throw (ex-info "late" {})) r)))
                                                          (sluice/plan conn "select x from generate_series(1, 100000) x"))})))]
    (with-server [s handler]
      (testing "a failure before the first byte is sent is a 500"
        (is (= 500 (first (GET-raw s "/bad-sql"))))
        (is (= 500 (first (GET-raw s "/bad-value")))))
      (testing "a failure after bytes were sent aborts the response: never a truncated body that parses"
        (let [[status body] (GET-raw s "/late")]
          (is (or (= :failed status)
                  (not= 200 status)
                  (not (try (json/read-str body) true (catch Exception _ false))))
              (str "status " status)))))
    (testing "the connection is fine afterwards"
      (is (= {:x 1} (sluice/execute-one! conn "select 1 as x"))))))
