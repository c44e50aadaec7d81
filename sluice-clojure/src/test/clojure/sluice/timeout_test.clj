(ns sluice.timeout-test
  "Issue 15's per-call timeout from Clojure (`:timeout`, seconds or a Duration, in place of
  query_timeout), on statements, plans, batches and transactions, against the real server; and
  execute-batch! sending single-row inserts as multi-row ones."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.test-support :as ts :refer [*conn* thrown-data]])
  (:import (java.time Duration)))

(use-fixtures :once ts/with-connection)

(defn- cancelled?
  "Whether the data of what (f) threw says the server cancelled the statement (57014)."
  [f]
  (let [d (thrown-data f)]
    (and (= :sluice/timeout (:type d)) (= :57014 (:sqlstate d)))))

(deftest a-timeout-bounds-one-call
  (testing "seconds, decimals allowed"
    (is (cancelled? #(sluice/execute! *conn* ["select pg_sleep(5)"] {:timeout 0.2}))))
  (testing "a Duration"
    (is (cancelled? #(sluice/execute-one! *conn* ["select pg_sleep(5)"] {:timeout (Duration/ofMillis 200)}))))
  (testing "a plan"
    (is (cancelled? #(into [] (sluice/plan *conn* ["select pg_sleep(5)"] {:timeout 0.2})))))
  (testing "execute-batch!, through executeMany"
    (is (cancelled? #(sluice/execute-batch! *conn* "select pg_sleep($1::float8)" [[5] [5]] {:timeout 0.2}))))
  (testing "the connection is clean, and a call within its timeout runs"
    (is (= {:n 1} (sluice/execute-one! *conn* ["select 1 as n from pg_sleep(0.3)"] {:timeout 5})))))

(deftest a-transaction-timeout-bounds-the-whole-transaction
  (sluice/execute-script! *conn* "drop table if exists tt_rows; create table tt_rows (n int)")
  (is (cancelled? #(sluice/with-transaction [tx *conn* {:timeout 0.5}]
                     (dotimes [i 20]
                       (sluice/execute! tx ["insert into tt_rows select $1 from pg_sleep(0.1)" i])))))
  (is (= {:n 0} (sluice/execute-one! *conn* "select count(*)::int as n from tt_rows")) "rolled back")
  (sluice/with-transaction [tx *conn* {:timeout 5}]
    (sluice/execute! tx ["insert into tt_rows values (1)"]))
  (is (= {:n 1} (sluice/execute-one! *conn* "select count(*)::int as n from tt_rows"))))

(deftest a-bad-timeout-is-refused-naming-it
  (doseq [bad [0 -1 "soon" (Duration/ZERO)]]
    (let [d (thrown-data #(sluice/execute! *conn* ["select 1"] {:timeout bad}))]
      (is (= :timeout (:option d)) (pr-str bad)))))

(deftest execute-batch-sends-single-row-inserts-as-multi-row-ones
  (sluice/execute-script! *conn* "drop table if exists tt_batch, tt_statements;
    create table tt_batch (k int primary key, v text);
    create table tt_statements (n int);
    create or replace function tt_count() returns trigger language plpgsql as $$
      begin insert into tt_statements values (1); return null; end $$;
    create trigger tt_batch_statements after insert on tt_batch for each statement execute function tt_count();")
  (let [counts (sluice/execute-batch! *conn* "insert into tt_batch (k, v) values ($1, $2)"
                                      (for [k (range 200)] [k (str "v" k)]))]
    (is (= (repeat 200 1) counts))
    (is (= {:n 200} (sluice/execute-one! *conn* "select count(*)::int as n from tt_batch")))
    (is (= {:n 4} (sluice/execute-one! *conn* "select count(*)::int as n from tt_statements"))
        "3 x 64 + 8 rows"))
  (testing "with RETURNING, one statement per group and every group's rows"
    (is (= [{:k 500} {:k 501}]
           (sluice/execute-batch! *conn* "insert into tt_batch (k, v) values ($1, 'r') returning k" [[500] [501]])))))
