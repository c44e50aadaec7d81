(ns sluice.json-test
  "JSON and JSONB round trips through the server, and the JSON writer on its own."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.json :as json]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (java.time Instant LocalDate OffsetDateTime ZoneOffset)
           (java.util UUID)))

(use-fixtures :once ts/with-connection)

(def doc {:name "Ada" :tags ["x" "y"] :n 1 :f 2.5 :ok true :none nil :nested {:deep [{:a 1} []]}
          :big 123456789012345678901234567890N :unicode "żółw 🐢"})

(deftest ratios-are-written
  (is (= "[0.25,0.3333333333333333]" (json/write-str [1/4 1/3]))))

(deftest round-trips
  (doseq [t ["json" "jsonb"]]
    (testing t
      (is (= doc (:v (sluice/execute-one! *conn* [(str "select $1::" t " as v") doc]))))
      (is (= [1 {:a "b"} nil] (:v (sluice/execute-one! *conn* [(str "select $1::" t " as v") (sluice/json [1 {:a "b"} nil])]))))
      (is (= "just a string" (:v (sluice/execute-one! *conn* [(str "select $1::" t " as v") (sluice/json "just a string")]))))
      (is (= 42 (:v (sluice/execute-one! *conn* [(str "select '42'::" t " as v")]))))
      (is (= {"a b" 1 "c" {"d" 2}}
             (:v (sluice/execute-one! *conn* [(str "select $1::" t " as v") {"a b" 1 :c {:d 2}}] {:json-keys :string}))))))
  (testing "stored in a table and read back, several rows"
    (sluice/execute! *conn* "create temp table docs (id int, body jsonb)")
    (sluice/batch! *conn* (for [i (range 3)] ["insert into docs values ($1, $2)" i (assoc doc :i i)]))
    (is (= [0 1 2] (sluice/execute! *conn* "select body from docs order by id"
                                    {:xform (map (comp :i :body))})))))

(deftest ratios-are-written
  (is (= "[0.25,0.3333333333333333]" (json/write-str [1/4 1/3]))))

(deftest java-time-as-iso-strings
  (let [t (OffsetDateTime/of 2024 2 29 12 30 0 0 ZoneOffset/UTC)
        u (UUID/fromString "00000000-0000-0000-0000-000000000001")]
    (is (= "{\"t\":\"2024-02-29T12:30Z\",\"d\":\"2024-02-29\",\"i\":\"1970-01-01T00:00:00Z\",\"u\":\"00000000-0000-0000-0000-000000000001\",\"k\":\"a/b\"}"
           (json/write-str (array-map :t t :d (LocalDate/of 2024 2 29) :i Instant/EPOCH :u u :k :a/b))))
    (is (= {:t "2024-02-29T12:30Z"} (:v (sluice/execute-one! *conn* ["select $1::jsonb as v" {:t t}]))))))

(deftest ratios-are-written
  (is (= "[0.25,0.3333333333333333]" (json/write-str [1/4 1/3]))))

(deftest lazy-rows-as-json
  (let [rows (sluice/execute! *conn* "select 1 as id, '{\"a\": [1, 2]}'::jsonb as j, 'q\"' as s, null::text as z")]
    (is (= [{:id 1 :j {:a [1 2]} :s "q\"" :z nil}] (json/read-str (json/write-str rows))))))

(deftest ratios-are-written
  (is (= "[0.25,0.3333333333333333]" (json/write-str [1/4 1/3]))))

(deftest bad-json
  (is (thrown? Exception (json/read-str "{\"a\": ")))
  (is (= :sluice/json-error (:type (ex-data (try (json/write-str {:a (Object.)}) (catch Exception e e))))))
  (is (thrown? Exception (json/read-str "1 2"))))

(deftest field-names-follow-each-result
  ;; the writer keeps the last result's field names per thread: results written in turn keep theirs,
  ;; and a name that needs escaping is escaped
  (let [a (sluice/execute! *conn* "select 1 as id, 'x' as \"na\"\"me\"")
        b (sluice/execute! *conn* "select 2 as other, 'y' as id")]
    (dotimes [_ 2]
      (is (= "[{\"id\":1,\"na\\\"me\":\"x\"}]" (json/write-str a)))
      (is (= "[{\"other\":2,\"id\":\"y\"}]" (json/write-str b))))))
