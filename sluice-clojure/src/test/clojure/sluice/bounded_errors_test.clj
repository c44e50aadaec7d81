(ns sluice.bounded-errors-test
  "Issue 37 §3: a 1 MB key or value in an option map or a connection spec is refused naming the
  problem, with a message that quotes a bounded prefix of it and how long it was. No server."
  (:require [clojure.string :as str]
            [clojure.test :refer [deftest is]]
            [sluice.core :as sluice]
            [sluice.impl.errors :as errors]
            [sluice.impl.options :as options]
            [sluice.impl.query :as query])
  (:import (clojure.lang ExceptionInfo)))

(def ^:private mb (* 1024 1024))
(def ^:private big (apply str (repeat mb \x)))

(defn- message [f]
  (try (f) nil (catch ExceptionInfo e (ex-message e))))

(deftest shown-is-bounded
  (is (= ":sslmode" (errors/shown :sslmode)))
  (is (= "\"abc\"" (errors/shown "abc")))
  (is (= (str "\"" (apply str (repeat 63 \x)) "…(" (+ mb 2) " chars)") (errors/shown big)))
  (is (= "(0 1 2 3 4 5 6 7 ...)" (errors/shown (range))) "an endless seq prints to 8 items")
  (is (<= (count (errors/shown (vec (repeat 100 big)))) 100)))

(deftest a-huge-option-key-or-value-is-refused-with-a-bounded-message
  (doseq [[what f expected]
          [["unknown option" #(query/check-options {(keyword big) 1} query/query-options) "unknown option :xxx"]
           [":keys value" #(query/check-options {:keys (keyword big)} query/query-options) ":keys must be one of"]
           [":as value" #(query/check-options {:as big} query/query-options) ":as must be one of"]
           ["pool option" #(options/check-keys {(keyword big) 1} #{:max-size} "pool") "unknown pool option :xxx"]
           [":timeout" #(options/timeout {:timeout big}) ":timeout is a number of seconds"]
           ["connection setting name" #(sluice/config {(vec (repeat 100 big)) 1}) "connection setting names are"]
           ["unknown connection setting" #(sluice/config {(keyword big) "1"}) "unknown connection parameter \"xxx"]
           ["connection setting value" #(sluice/config {:sslmode big}) "invalid value \"xxx"]
           ["connection URI" #(sluice/config (str "postgresql://h/db?" big "=1")) "unknown connection parameter \"xxx"]]]
    (let [m (message f)]
      (is (some? m) what)
      (when m
        (is (< (count m) 600) (str what ": " (count m) " chars"))
        (is (str/includes? m expected) (str what ": " (subs m 0 (min 200 (count m)))))
        (is (str/includes? m " chars)") (str what ": " (subs m 0 (min 200 (count m)))))))))
