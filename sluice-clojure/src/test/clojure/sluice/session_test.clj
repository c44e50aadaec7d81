(ns sluice.session-test
  "Transactions, the pool, COPY and LISTEN/NOTIFY from Clojure, against the real server."
  (:require [clojure.string :as str]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (clojure.lang ExceptionInfo)
           (java.io ByteArrayOutputStream StringReader StringWriter)
           (java.time Instant)
           (java.util.concurrent CyclicBarrier LinkedBlockingQueue TimeUnit)))

(use-fixtures :once ts/with-connection)

(defn- thrown-data [f]
  (try (f) nil
       (catch ExceptionInfo e (assoc (ex-data e) ::message (ex-message e)))))

(defn- fresh-table! [name cols]
  (sluice/execute! *conn* (str "drop table if exists " name))
  (sluice/execute! *conn* (str "create table " name " (" cols ")")))

(deftest transactions-commit-roll-back-and-nest
  (fresh-table! "clj_tx" "id int primary key, v text")
  (testing "committed when the body returns"
    (is (= 1 (sluice/with-transaction [tx *conn*]
               (sluice/execute! tx ["insert into clj_tx values ($1, $2)" 1 "one"])
               (:n (sluice/execute-one! tx "select count(*)::int as n from clj_tx")))))
    (is (= [{:v "one"}] (sluice/execute! *conn* "select v from clj_tx"))))
  (testing "rolled back when it throws, and the exception comes through"
    (is (thrown-with-msg? ExceptionInfo #"boom"
                          (sluice/with-transaction [tx *conn*]
                            (sluice/execute! tx ["insert into clj_tx values ($1, $2)" 2 "two"])
                            (throw (ex-info "boom" {})))))
    (is (= [1] (sluice/execute! *conn* "select id from clj_tx order by id" {:as :column}))))
  (testing "rollback-only returns the body's value and keeps nothing"
    (is (= :done (sluice/with-transaction [tx *conn* {:rollback-only? true}]
                   (sluice/execute! tx ["insert into clj_tx values ($1, $2)" 3 "three"])
                   :done)))
    (is (= [1] (sluice/execute! *conn* "select id from clj_tx order by id" {:as :column}))))
  (testing "nested: a savepoint whose failure leaves the outer work in place"
    (sluice/with-transaction [tx *conn*]
      (sluice/execute! tx ["insert into clj_tx values ($1, $2)" 4 "four"])
      (is (= :sluice/server-error
             (:type (thrown-data #(sluice/with-transaction [inner tx]
                                    (sluice/execute! inner ["insert into clj_tx values ($1, $2)" 5 "five"])
                                    (sluice/execute! inner ["insert into clj_tx values ($1, $2)" 1 "dup"]))))))
      (sluice/execute! tx ["insert into clj_tx values ($1, $2)" 6 "six"]))
    (is (= [1 4 6] (sluice/execute! *conn* "select id from clj_tx order by id" {:as :column}))))
  (testing "options reach the server"
    (is (= {:iso "serializable" :ro "on"}
           (sluice/with-transaction [tx *conn* {:isolation :serializable :read-only? true}]
             (sluice/execute-one! tx "select current_setting('transaction_isolation') as iso, current_setting('transaction_read_only') as ro"))))
    (let [d (thrown-data #(sluice/with-transaction [tx *conn* {:read-only? true}]
                            (sluice/execute! tx ["insert into clj_tx values ($1, $2)" 7 "seven"])))]
      (is (= :25006 (:sqlstate d)))))
  (testing "bad options are named"
    (is (str/includes? (::message (thrown-data #(sluice/transact *conn* identity {:isolation :chaotic}))) ":chaotic"))
    (is (str/includes? (::message (thrown-data #(sluice/transact *conn* identity {:retry 3}))) ":retry"))))

(deftest retries-a-real-serialization-failure
  ;; two serializable transactions that each read what the other writes: one must fail with 40001;
  ;; with :retries it runs again and both end up committed
  (fresh-table! "clj_skew" "id int primary key, on_call bool")
  (sluice/execute! *conn* "insert into clj_skew values (1, true), (2, true)")
  (with-open [a (sluice/connect (ts/uri))
              b (sluice/connect (ts/uri))]
    (let [barrier (CyclicBarrier. 2)
          attempts (atom 0)
          work (fn [c id]
                 (sluice/with-transaction [tx c {:isolation :serializable :retries 3}]
                   (let [n (swap! attempts inc)
                         on (:n (sluice/execute-one! tx "select count(*)::int as n from clj_skew where on_call"))]
                     (when (<= n 2) (.await barrier 10 TimeUnit/SECONDS))
                     (when (= 2 on)
                       (sluice/execute! tx ["update clj_skew set on_call = false where id = $1" id]))
                     on)))
          fa (future (work a 1))
          fb (future (work b 2))]
      (is (= #{1 2} (hash-set @fa @fb)) "the retried one saw the other's commit")
      (is (= 3 @attempts) "exactly one retry")
      (is (= [{:n 1}] (sluice/execute! *conn* "select count(*)::int as n from clj_skew where on_call"))))))

(deftest a-pool-goes-where-a-connection-goes
  (with-open [p (sluice/pool (ts/uri) {:max-size 4 :acquire-timeout 5000})]
    (is (= [{:x 1}] (sluice/execute! p "select 1 as x")))
    (is (= 4950 (transduce (map :n) + 0 (sluice/plan p "select generate_series(1, 99) as n"))))
    (testing "statements from many threads"
      (let [results (doall (pmap (fn [i] (:v (sluice/execute-one! p ["select $1::int * 2 as v" i]))) (range 200)))]
        (is (= (map #(* 2 %) (range 200)) results))))
    (testing "a transaction borrows one connection"
      (fresh-table! "clj_pool_tx" "id int")
      (is (= 2 (sluice/with-transaction [tx p]
                 (sluice/execute! tx "insert into clj_pool_tx values (1), (2)")
                 (:n (sluice/execute-one! tx "select count(*)::int as n from clj_pool_tx")))))
      (is (= 2 (:n (sluice/execute-one! p "select count(*)::int as n from clj_pool_tx")))))
    (testing "statistics as data"
      (let [s (sluice/pool-stats p)]
        (is (<= 1 (:open s) 4))
        (is (pos? (:acquired s))))))
  (testing "bad pool options are named"
    (is (str/includes? (::message (thrown-data #(sluice/pool (ts/uri) {:max-sise 3}))) ":max-sise"))
    (is (str/includes? (::message (thrown-data #(sluice/pool (ts/uri) {:acquire-timeout "soon"}))) ":acquire-timeout"))))

(deftest copy-round-trips
  (fresh-table! "clj_copy" "id int8, name text, at timestamptz, tags text[], doc jsonb")
  (let [t0 (Instant/parse "2024-05-06T07:08:09.123456Z")
        rows (for [i (range 10000)]
               [i (str "name " i) (.plusSeconds t0 i) ["a" (str i)] {:i i}])]
    (testing "rows as vectors, in binary"
      (is (= 10000 (sluice/copy-in! *conn* "clj_copy" rows {:columns [:id :name :at :tags :doc]}))))
    (testing "rows as maps, in csv, columns from the first map"
      (is (= 2 (sluice/copy-in! *conn* "clj_copy" [{:id 10000 :name "comma, \"quoted\""} {:id 10001 :name nil}]
                                {:format :csv}))))
    (testing "from a reader and a string"
      (is (= 1 (sluice/copy-in! *conn* "copy clj_copy (id, name) from stdin (format csv)" (StringReader. "10002,reader\n"))))
      (is (= 1 (sluice/copy-in! *conn* "copy clj_copy (id, name) from stdin" "10003\ttext\n"))))
    (testing "out as rows"
      (let [back (sluice/copy-out! *conn* "select * from clj_copy where id < 10000 order by id")]
        (is (= 10000 (count back)))
        (is (= {:id 42 :name "name 42" :at (.atOffset (.plusSeconds t0 42) java.time.ZoneOffset/UTC)
                :tags ["a" "42"] :doc {:i 42}}
               (update (nth back 42) :at #(.withOffsetSameInstant ^java.time.OffsetDateTime % java.time.ZoneOffset/UTC))))))
    (testing "out to a writer and a stream"
      (let [w (StringWriter.)]
        (is (= 4 (sluice/copy-out! *conn* "copy (select id, name from clj_copy where id >= 10000 order by id) to stdout (format csv)" w)))
        (is (= "10000,\"comma, \"\"quoted\"\"\"\n10001,\n10002,reader\n10003,text\n" (str w))))
      (let [o (ByteArrayOutputStream.)]
        (is (= 10004 (sluice/copy-out! *conn* "copy clj_copy (id) to stdout" o)))
        (is (= 10004 (count (str/split-lines (.toString o "UTF-8")))))))
    (testing "a bad row copies nothing and the connection goes on"
      (let [before (:n (sluice/execute-one! *conn* "select count(*)::int as n from clj_copy"))
            d (thrown-data #(sluice/copy-in! *conn* "clj_copy" [[1 "ok"] [2 3.5]] {:columns [:id :name]}))]
        (is (some? d))
        (is (= before (:n (sluice/execute-one! *conn* "select count(*)::int as n from clj_copy"))))))
    (testing "inside a transaction, and through a pool"
      (sluice/with-transaction [tx *conn* {:rollback-only? true}]
        (is (= 1 (sluice/copy-in! tx "clj_copy" [[-1 "tx"]] {:columns [:id :name]})))
        (is (= [{:name "tx"}] (sluice/execute! tx "select name from clj_copy where id = -1"))))
      (is (= [] (sluice/execute! *conn* "select name from clj_copy where id = -1")))
      (with-open [p (sluice/pool (ts/uri) {:max-size 2})]
        (is (= 1 (sluice/copy-in! p "clj_copy" [{:id -2 :name "pool"}])))
        (is (= [{:name "pool"}] (sluice/copy-out! p "select name from clj_copy where id = -2")))))
    (testing "bad input"
      (is (str/includes? (::message (thrown-data #(sluice/copy-in! *conn* "clj_copy" [[1 2]]))) ":columns"))
      (is (str/includes? (::message (thrown-data #(sluice/copy-in! *conn* "clj_copy" [[1]] {:columns [:id] :format :xml}))) ":xml"))
      (is (str/includes? (::message (thrown-data #(sluice/copy-in! *conn* "clj_copy" [[1 2]] {:columns [:id]}))) "2 values for 1 columns")))))

(deftest listen-and-notify
  (testing "a callback receives notifications as they arrive"
    (let [got (LinkedBlockingQueue.)]
      (with-open [_ (sluice/listen! (ts/uri) ["clj events"] #(.put got %))]
        (sluice/notify! *conn* "clj events" "hello")
        (let [n (.poll got 10 TimeUnit/SECONDS)]
          (is (= {:channel "clj events" :payload "hello"} (select-keys n [:channel :payload])))
          (is (pos-int? (:pid n)))))))
  (testing "poll! without a callback"
    (with-open [l (sluice/listen! (ts/uri) ["clj_poll"])]
      (is (nil? (sluice/poll! l 50)))
      (sluice/notify! *conn* "clj_poll" "x")
      (is (= "x" (:payload (sluice/poll! l 10000))))))
  (testing "bad input"
    (is (= :sluice/bad-input (:type (thrown-data #(sluice/listen! (ts/uri) "not-a-collection")))))))
