(ns sluice.protocols-test
  "sluice.protocols as extension points, against the real server: a value of one's own made
  Connectable goes wherever a connection goes; a value that is not one is refused by every
  function with a message naming what was expected; COPY and LISTEN/NOTIFY are the same functions
  from sluice.core as from their own namespaces."
  (:require [clojure.string :as str]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.copy :as copy]
            [sluice.core :as sluice]
            [sluice.impl.query :as q]
            [sluice.impl.row :as row]
            [sluice.notify :as notify]
            [sluice.protocols :as p]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (java.io StringWriter)
           (java.util.concurrent LinkedBlockingQueue TimeUnit)))

(use-fixtures :once ts/with-connection)

;; what an application's system map might be: the pool (here, a connection) under a key
(defrecord AppSystem [db])

(extend-protocol p/Connectable
  AppSystem
  (-with-queryable [s f] (p/-with-queryable (:db s) f)))

(deftest a-value-of-ones-own-goes-where-a-connection-goes
  (sluice/execute! *conn* "drop table if exists proto_t")
  (sluice/execute! *conn* "create table proto_t (id int primary key, v text)")
  (let [sys (->AppSystem *conn*)]
    (is (= [{:sluice/update-count 1}] (sluice/execute! sys ["insert into proto_t values ($1, $2)" 1 "one"])))
    (is (= {:v "one"} (sluice/execute-one! sys ["select v from proto_t where id = $1" 1])))
    (is (= [1] (into [] (map :id) (sluice/plan sys "select id from proto_t"))))
    (is (= 2 (sluice/with-transaction [tx sys]
               (sluice/execute! tx ["insert into proto_t values ($1, $2)" 2 "two"])
               (:n (sluice/execute-one! tx "select count(*)::int as n from proto_t")))))
    (is (= 1 (sluice/copy-in! sys "proto_t" [[3 "three"]] {:columns [:id :v]})))
    (is (= [[{:sluice/update-count 1}] [{:n 4}]]
           (sluice/batch! sys [["insert into proto_t values ($1, $2)" 4 "four"] "select count(*)::int as n from proto_t"])))
    (is (= [1 1] (sluice/execute-batch! sys "insert into proto_t values ($1, $2)" [[5 "five"] [6 "six"]])))
    (is (= "DELETE 2" (:sluice/command (first (sluice/execute-script! sys "delete from proto_t where id > 4")))))
    (is (= [{:id 1 :v "one"} {:id 2 :v "two"}]
           (sluice/copy-out! sys "select id, v from proto_t where id < 3 order by id")))
    (is (= {:app "proto"} (sluice/on-connection [c sys]
                            (sluice/execute! c "set application_name = 'proto'")
                            (sluice/execute-one! c "select current_setting('application_name') as app"))))
    (is (= {:n 2} (sluice/execute-one! (sluice/prepare *conn* "select $1::int + 1 as n") [1])))
    (is (false? (sluice/active-tx? sys)))))

(deftest a-value-that-is-not-connectable-is-named
  (doseq [[what bad] [["nil" nil] ["java.lang.Long" 42] ["clojure.lang.Keyword" :db]]]
    (testing what
      (doseq [[call f] [["execute!" #(sluice/execute! bad "select 1")]
                        ["execute-one!" #(sluice/execute-one! bad "select 1")]
                        ["plan" #(into [] (sluice/plan bad "select 1"))]
                        ["transact" #(sluice/transact bad identity)]
                        ["on-connection" #(sluice/on-connection [c bad] c)]
                        ["batch!" #(sluice/batch! bad ["select 1"])]
                        ["execute-batch!" #(sluice/execute-batch! bad "select $1" [[1]])]
                        ["execute-script!" #(sluice/execute-script! bad "select 1")]
                        ["copy-in!" #(sluice/copy-in! bad "t" [[1]] {:columns [:a]})]
                        ["copy-out!" #(sluice/copy-out! bad "select 1")]
                        ["notify!" #(sluice/notify! bad "ch" "x")]]]
        (let [d (ts/thrown-data f)]
          (is (= :sluice/bad-input (:type d)) call)
          (is (str/starts-with? (str (::ts/message d)) "expected a connection, a transaction, a pool") call)
          (is (str/ends-with? (str (::ts/message d)) (str "not " what)) call))))))

(deftest prepare-takes-only-what-keeps-the-statement
  (testing "a spec would close its connection under the statement"
    (is (= "prepare takes a connection, a transaction or a pool, not java.lang.String"
           (::ts/message (ts/thrown-data #(sluice/prepare (ts/uri) "select 1"))))))
  (is (= "prepare takes a connection, a transaction or a pool, not nil"
         (::ts/message (ts/thrown-data #(sluice/prepare nil "select 1")))))
  (testing "a prepared statement runs with execute!, execute-one! and plan only"
    (let [ps (sluice/prepare *conn* "select 1 as n")]
      (is (= [{:n 1}] (sluice/execute! ps [])))
      (is (str/starts-with? (::ts/message (ts/thrown-data #(sluice/transact ps identity))) "a prepared statement runs with"))
      (is (= :sluice/bad-input (:type (ts/thrown-data #(sluice/execute! ps "select 2"))))))))

(deftest a-timeout-view-is-not-the-executor
  (testing "rows read with :timeout know the connection they came from (datafy/nav, table names),
            not the per-call view that carried the timeout"
    (let [r (sluice/execute-one! *conn* "select 1 as n" {:timeout 5})]
      (is (identical? *conn* (q/executor-of (row/row-shape r)))))
    (sluice/execute! *conn* "drop table if exists proto_q")
    (sluice/execute! *conn* "create table proto_q (id int)")
    (sluice/execute! *conn* "insert into proto_q values (1)")
    (is (= [{:proto_q/id 1}] (sluice/execute! *conn* "select id from proto_q" {:keys :qualified :timeout 5})))))

(deftest copy-and-notify-are-re-exported
  (doseq [[core-var own-var] [[#'sluice/copy-in! #'copy/copy-in!] [#'sluice/copy-out! #'copy/copy-out!]
                              [#'sluice/listen! #'notify/listen!] [#'sluice/poll! #'notify/poll!]
                              [#'sluice/notify! #'notify/notify!]]]
    (is (identical? @core-var @own-var) (str core-var))
    (is (= (:doc (meta own-var)) (:doc (meta core-var))) (str core-var))
    (is (seq (:doc (meta core-var))) (str core-var))
    (is (= (:arglists (meta own-var)) (:arglists (meta core-var))) (str core-var)))
  (testing "sluice.notify works on its own"
    (let [inbox (LinkedBlockingQueue.)]
      (with-open [_ (notify/listen! (ts/uri) ["proto"] #(.put inbox %))]
        (notify/notify! *conn* "proto" "hello")
        (is (= {:channel "proto" :payload "hello"}
               (select-keys (.poll inbox 10 TimeUnit/SECONDS) [:channel :payload])))))
    (let [w (StringWriter.)]
      (is (= 2 (copy/copy-out! *conn* "copy (select generate_series(1, 2)) to stdout" w)))
      (is (= "1\n2\n" (str w))))))
