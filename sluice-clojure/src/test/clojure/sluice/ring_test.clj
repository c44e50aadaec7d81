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
