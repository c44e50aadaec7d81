(ns sluice.next-jdbc-test
  "Issue 16's next.jdbc habits, against the real server: the ? placeholder mode with HoneySQL 2's
  output, next.jdbc's option names, with-options, with-logging, on-connection, active-tx?,
  execute-batch!, execute-script!, builders, datafy/nav, every connectable everywhere, errors as
  data; and the two stalls (a statement inside a plan step, a slow plan consumer on a pool)."
  (:require [clojure.datafy :refer [datafy nav]]
            [clojure.string :as str]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.builders :as builders]
            [sluice.core :as sluice]
            [sluice.impl.placeholders :as placeholders]
            [sluice.lifecycle :as lifecycle]
            [sluice.test-support :as ts :refer [*conn* thrown-data]])
  (:import (clojure.lang ExceptionInfo)
           (java.io StringWriter)
           (java.util.concurrent CountDownLatch TimeUnit)))

(use-fixtures :once ts/with-connection)

(defn- within
  "The value of (f) run on another thread, waiting at most `seconds`: a hang fails the test
  instead of the suite."
  [seconds f]
  (let [fut (future (f))
        v (deref fut (* 1000 seconds) ::timed-out)]
    (when (= ::timed-out v) (future-cancel fut))
    v))

(defn- users! [c]
  (sluice/execute-script! c "drop table if exists hs_users;
    create table hs_users (id int primary key, full_name text, team text, prefs jsonb)"))

;; ---------------------------------------------------------------------------------------------
;; hangs and stalls

(deftest a-statement-inside-a-plan-step-fails-at-once
  (let [d (within 30 #(thrown-data (fn [] (reduce (fn [_ _] (sluice/execute! *conn* "select 1"))
                                                  nil (sluice/plan *conn* "select generate_series(1, 3)")))))]
    (is (not= ::timed-out d) "it returned instead of waiting forever")
    (is (= :sluice/connection-error (:type d)))
    (is (= :not-sent (:outcome d)) "the inner statement was never sent")
    (is (str/includes? (::ts/message d) "from inside a stream of rows of the same connection") (::ts/message d))
    (is (str/includes? (::ts/message d) "plan being reduced") "the message names the pattern"))
  (is (= {:n 1} (sluice/execute-one! *conn* "select 1 as n")) "the connection is still usable"))

(deftest a-slow-plan-consumer-does-not-stall-a-pool
  (with-open [pool (sluice/pool (ts/uri) {:max-size 2 :acquire-timeout 20000})]
    (let [in-step (CountDownLatch. 1)
          release (CountDownLatch. 1)
          consumer (future (reduce (fn [n _]
                                     (.countDown in-step)
                                     (.await release 30 TimeUnit/SECONDS)
                                     (inc n))
                                   0 (sluice/plan pool "select generate_series(1, 3)")))]
      (try
        (is (.await in-step 30 TimeUnit/SECONDS) "the consumer is inside its first step")
        (is (= {:n 2} (within 20 #(sluice/execute-one! pool "select 2 as n")))
            "another statement ran while the consumer sat in its step")
        (is (= 1 (.getCount release)) "…and the consumer was still there")
        (finally (.countDown release)))
      (is (= 3 (deref consumer 30000 ::timed-out))))))

;; ---------------------------------------------------------------------------------------------
;; the ? placeholder mode

;; HoneySQL 2's default `sql/format` output for the maps beside each (HoneySQL is published
;; outside Maven Central, so the suite holds its documented output forms rather than the library)
(def ^:private honeysql-output
  {:insert ["INSERT INTO hs_users (id, full_name, team) VALUES (?, ?, ?), (?, ?, ?)" 1 "Ada" "core" 2 "Bob" "lab"]
   ;; {:insert-into :hs_users :values [{:id 3 :full_name "Cy" :team "lab" :prefs [:lift {:theme "dark"}]}] :returning [:id]}
   :insert-returning ["INSERT INTO hs_users (id, full_name, team, prefs) VALUES (?, ?, ?, ?) RETURNING id" 3 "Cy" "lab" {:theme "dark"}]
   ;; {:select [:id :full_name] :from [:hs_users] :where [:and [:= :team "lab"] [:> :id 0]] :order-by [:id] :limit 10}
   :select ["SELECT id, full_name FROM hs_users WHERE (team = ?) AND (id > ?) ORDER BY id ASC LIMIT ?" "lab" 0 10]
   ;; {:select [:id] :from [:hs_users] :where [:in :id [1 3]]}
   :in ["SELECT id FROM hs_users WHERE id IN (?, ?)" 1 3]
   ;; the same with {:quoted true}
   :quoted ["SELECT \"id\" FROM \"hs_users\" WHERE \"full_name\" = ?" "Ada"]
   ;; {:update :hs_users :set {:team "ops"} :where [:= :id 1]}
   :update ["UPDATE hs_users SET team = ? WHERE id = ?" "ops" 1]
   ;; jsonb's ? operator from honey.sql.pg-ops, written ?? for JDBC
   :jsonb ["SELECT id FROM hs_users WHERE prefs ?? ?" "theme"]
   ;; [:inline "who?"] inlines a string holding a ?
   :inline ["SELECT id FROM hs_users WHERE (full_name <> 'who?') AND (id = ?)" 1]
   ;; {:delete-from :hs_users :where [:= :id 2]}
   :delete ["DELETE FROM hs_users WHERE id = ?" 2]})

(deftest honeysql-output-runs-in-the-question-mark-mode
  (users! *conn*)
  (let [q {:placeholders :question-mark}
        run #(sluice/execute! *conn* (honeysql-output %) q)]
    (is (= [{:sluice/update-count 2}] (run :insert)))
    (is (= [{:id 3}] (run :insert-returning)))
    (is (= [{:id 2 :full_name "Bob"} {:id 3 :full_name "Cy"}] (run :select)))
    (is (= [1 3] (mapv :id (run :in))))
    (is (= [{:id 1}] (run :quoted)))
    (is (= [{:sluice/update-count 1}] (run :update)))
    (is (= [{:id 3}] (run :jsonb)) "?? is jsonb's ? operator")
    (is (= [{:id 1}] (run :inline)) "a ? inside a string literal is no placeholder")
    (is (= [{:sluice/update-count 1}] (run :delete)))
    (is (= ["ops" "lab"] (sluice/execute! *conn* "select team from hs_users order by id" {:as :column})))))

(deftest the-mode-skips-literals-identifiers-dollar-quotes-and-comments
  (is (= {:a "?" :b "??" :c "?" :d 7 :?col 8}
         (sluice/execute-one! *conn* ["select '?' as a, $$??$$ as b, E'\\?' as c, ? as d, ?::int as \"?col\" -- ?
                                       /* ? */" 7 8]
                              {:placeholders :question-mark})))
  (testing "plain strings read as the connection's standard_conforming_strings says"
    (with-open [c (sluice/connect (ts/uri))]
      (sluice/execute! c "set standard_conforming_strings = off")
      (is (= {:a "x' ?" :b 1} (sluice/execute-one! c ["select 'x\\' ?' as a, ?::int as b" 1] {:placeholders :question-mark})))))
  (is (= :sluice/bad-input (:type (thrown-data #(sluice/execute! *conn* "select 1" {:placeholders :percent}))))))

(deftest the-mode-per-connection-pool-and-call
  (with-open [pool (sluice/pool (ts/uri) {:max-size 2})]
    (doseq [[what db opts] [["a call" *conn* {:placeholders :question-mark}]
                            ["a connection" (sluice/with-options *conn* {:placeholders :question-mark}) nil]
                            ["a pool" (sluice/with-options pool {:placeholders :question-mark}) nil]]]
      (testing what
        (is (= {:n 42} (sluice/execute-one! db ["select ?::int + ? as n" 40 2] opts)))
        (is (= [5 6] (into [] (map :n) (sluice/plan db ["select generate_series(?::int, ?) as n" 5 6] opts))))
        (is (= [[{:n 1}] [{:m 2}]] (sluice/batch! db [["select ?::int as n" 1] ["select ?::int as m" 2]] opts)))
        (is (= {:x 3} (sluice/execute-one! (sluice/prepare db "select ?::int as x" opts) [3])))
        (is (= {:x 4} (sluice/with-transaction [tx db] (sluice/execute-one! tx ["select ?::int as x" 4] opts))))))))

(deftest the-rewriting-alone
  (is (= "select $1, '?', $$?$$, \"?\", E'\\?' -- ?\n /* ? */, $2 ? 'k', $3"
         (placeholders/rewrite nil "select ?, '?', $$?$$, \"?\", E'\\?' -- ?\n /* ? */, ? ?? 'k', ?")))
  (is (= :sluice/value-error (:type (thrown-data #(placeholders/rewrite nil "select '?"))))
      "an unterminated string is refused, naming it")
  (is (str/includes? (::ts/message (thrown-data #(sluice/execute! *conn* "insert into nowhere values (1)" {:return-keys true})))
                     "returning")
      "next.jdbc's :return-keys is answered with PostgreSQL's way"))

(deftest a-stray-question-mark-suggests-the-mode
  (testing "the server's 42601"
    (let [d (thrown-data #(sluice/execute! *conn* "select * from pg_class where relname = ?"))]
      (is (= :42601 (:sqlstate d)))
      (is (str/includes? (::ts/message d) "{:placeholders :question-mark}") (::ts/message d))))
  (testing "values given for a statement that has no $n"
    (let [d (thrown-data #(sluice/execute! *conn* ["select ?::int" 1]))]
      (is (str/includes? (::ts/message d) ":placeholders :question-mark") (::ts/message d))))
  (testing "no hint where ? is jsonb's operator and the error is another"
    (is (not (str/includes? (::ts/message (thrown-data #(sluice/execute! *conn* "select '{}'::jsonb ? 'a' from nowhere")))
                            ":placeholders")))))

;; ---------------------------------------------------------------------------------------------
;; options, wrappers, connections

(deftest next-jdbc-transaction-option-names
  (is (= {:ro "on" :iso "repeatable read"}
         (sluice/with-transaction [tx *conn* {:read-only true :isolation :repeatable-read}]
           (sluice/execute-one! tx "select current_setting('transaction_read_only') as ro, current_setting('transaction_isolation') as iso"))))
  (sluice/execute! *conn* "create temp table ro_only (id int)")
  (is (= 1 (sluice/with-transaction [tx *conn* {:rollback-only true :isolation :none}]
             (sluice/execute! tx "insert into ro_only values (1)")
             (count (sluice/execute! tx "select * from ro_only")))))
  (is (= [] (sluice/execute! *conn* "select * from ro_only")) "rolled back"))

(deftest active-tx
  (is (false? (sluice/active-tx?)))
  (is (false? (sluice/active-tx? *conn*)))
  (sluice/with-transaction [tx *conn*]
    (is (true? (sluice/active-tx?)))
    (is (true? (sluice/active-tx? tx)))
    (is (true? (sluice/active-tx? *conn*))))
  (is (false? (sluice/active-tx?))))

(deftest with-options-carries-defaults-into-transactions
  (let [db (sluice/with-options *conn* {:keys :kebab :placeholders :question-mark})]
    (is (= {:full-name "x"} (sluice/execute-one! db ["select ?::text as full_name" "x"])))
    (is (= {:full_name "x"} (sluice/execute-one! db ["select ?::text as full_name" "x"] {:keys :unqualified}))
        "the call's own options win")
    (is (= {:the-answer 42} (sluice/with-transaction [tx db] (sluice/execute-one! tx ["select ?::int as the_answer" 42]))))
    (is (= {:a-b 1} (sluice/execute-one! (sluice/with-options db {:json-keys :string}) "select 1 as a_b"))
        "wrapping a wrapper adds to its options")))

(deftest with-logging-sees-each-statement-and-its-outcome
  (let [log (atom [])
        db (sluice/with-logging (sluice/with-options *conn* {:placeholders :question-mark})
                                (fn [op sql-params] (swap! log conj [:sql op sql-params]) (count @log))
                                (fn [op state result]
                                  (swap! log conj [:result op state (if (instance? Throwable result) (:sqlstate (ex-data result)) result)])))]
    (sluice/execute-one! db ["select ?::int as n" 1])
    (is (thrown? ExceptionInfo (sluice/execute! db "select 1/0")))
    (sluice/with-transaction [tx db] (sluice/execute! tx "select 2 as m"))
    (is (= [[:sql 'sluice.core/execute-one! ["select ?::int as n" 1]]
            [:result 'sluice.core/execute-one! 1 {:n 1}]
            [:sql 'sluice.core/execute! "select 1/0"]
            [:result 'sluice.core/execute! 3 :22012]
            [:sql 'sluice.core/execute! "select 2 as m"]
            [:result 'sluice.core/execute! 5 [{:m 2}]]]
           @log))))

(deftest the-event-listener-as-a-function-of-data
  (let [seen (atom [])
        s (ts/server)
        spec {:uri (ts/uri) :listener #(swap! seen conj %)}]
    (with-open [pool (sluice/pool spec {:max-size 1})]
      (sluice/execute! pool ["select $1::int as n" 7])
      (is (thrown? ExceptionInfo (sluice/execute! pool "select 1/0")))
      (sluice/with-transaction [tx pool] (sluice/batch! tx ["select 1" "select 2"])))
    (let [by-kind (group-by :sluice/event @seen)
          [ok failed] (filter #(#{"select $1::int as n" "select 1/0"} (:sql %)) (:statement by-kind))]
      (is (= {:sql "select $1::int as n" :parameter-count 1 :rows 1 :result :succeeded :sql-state nil}
             (select-keys ok [:sql :parameter-count :rows :result :sql-state])))
      (is (= (.database s) (get-in ok [:connection :database])))
      (is (= {:result :server-error :sql-state "22012"} (select-keys failed [:result :sql-state])))
      (is (instance? Exception (:error failed)))
      (is (= [["select 1" "select 2"]] (mapv :sqls (:batch by-kind))))
      (is (= [:committed] (mapv :ending (:transaction by-kind))))
      (is (seq (:connect by-kind)))
      (is (some #(= :opened (:kind %)) (:pool by-kind)))
      (is (seq (:acquire by-kind)))
      (is (every? #(= :acquired (:ending %)) (:acquire by-kind)))
      (is (every? #(and (:reason %) (= (:pool (first (:acquire by-kind))) (:pool %))) (:pool by-kind)))
      (is (not-any? #(str/includes? (pr-str (dissoc % :error)) "s3cret") @seen))))
  (is (= :sluice/bad-input (:type (thrown-data #(sluice/connect {:uri (ts/uri) :listener 42}))))))

(deftest on-connection-and-with-connection
  (is (= {:n 1} (sluice/on-connection [c *conn*] (sluice/execute-one! c "select 1 as n"))))
  (is (= {:n 2} (sluice/with-connection [c (ts/uri)] (sluice/execute-one! c "select 2 as n"))))
  (with-open [pool (sluice/pool (ts/uri) {:max-size 1})]
    (testing "a pool lends one connection for the body: its session state is shared"
      (is (= {:app "borrowed"}
             (sluice/with-connection [c pool]
               (sluice/execute! c "set application_name = 'borrowed'")
               (sluice/execute-one! c "select current_setting('application_name') as app")))))
    (testing "and resets it when given back"
      (is (not= {:app "borrowed"} (sluice/execute-one! pool "select current_setting('application_name') as app"))))
    (is (= {:k 5} (sluice/on-connection [c (sluice/with-options pool {:keys :kebab})]
                    (sluice/execute-one! c "select 5 as k"))))))

(deftest every-connectable-everywhere
  (with-open [pool (sluice/pool (ts/uri) {:max-size 2})]
    (sluice/execute! pool "drop table if exists cx")
    (sluice/execute! pool "create table cx (id int primary key, v text)")
    (testing "prepare on a pool and in a transaction"
      (let [ps (sluice/prepare pool "select $1::int * 2 as d")]
        (is (= [{:d 4} {:d 6}] [(sluice/execute-one! ps [2]) (sluice/execute-one! ps [3])])))
      (is (= {:v "in-tx"}
             (sluice/with-transaction [tx pool]
               (sluice/execute! tx ["insert into cx values ($1, $2)" 1 "in-tx"])
               (sluice/execute-one! (sluice/prepare tx "select v from cx where id = $1") [1])))))
    (testing "batch! on a pool and in a transaction (which rolls it back with itself)"
      (is (= [[{:sluice/update-count 1}] [{:n 2}]]
             (sluice/batch! pool [["insert into cx values ($1, $2)" 2 "b"] "select count(*)::int as n from cx"])))
      (sluice/with-transaction [tx pool {:rollback-only? true}]
        (is (= [[{:sluice/update-count 1}] [{:n 3}]]
               (sluice/batch! tx [["insert into cx values ($1, $2)" 3 "c"] "select count(*)::int as n from cx"]))))
      (is (= [1 2] (sluice/execute! pool "select id from cx order by id" {:as :column}))))
    (testing "copy-out! with parameters (run as a query: COPY takes none)"
      (is (= [{:id 2 :v "b"}] (sluice/copy-out! pool ["select id, v from cx where id > $1" 1])))
      (is (= [{:id 2}] (sluice/copy-out! *conn* ["select id from cx where v = $1" "b"] {:keys :unqualified})))
      (is (= :sluice/bad-input (:type (thrown-data #(sluice/copy-out! pool ["select id from cx where id > $1" 1] (StringWriter.)))))))))

(deftest lifecycle-helpers
  (let [pool (lifecycle/start-pool (ts/uri) {:max-size 1})]
    (is (= {:n 1} (sluice/execute-one! pool "select 1 as n")))
    (is (nil? (lifecycle/stop-pool pool)))
    (is (.isClosed pool))
    (is (nil? (lifecycle/stop-pool nil))))
  (testing "a Component, started and stopped through its metadata as Component does"
    (let [start (fn [c] ((get (meta c) 'com.stuartsierra.component/start) c))
          stop (fn [c] ((get (meta c) 'com.stuartsierra.component/stop) c))
          c (lifecycle/component (ts/uri) {:max-size 1})
          _ (is (nil? (:pool c)))
          started (start c)]
      (is (= {:n 2} (sluice/execute-one! (started) "select 2 as n")))
      (is (identical? (:pool started) (:pool (start started))) "starting twice opens nothing more")
      (let [stopped (stop started)]
        (is (.isClosed ^io.sluice.Pool (:pool started)))
        (is (nil? (:pool stopped)))
        (is (= :sluice/bad-input (:type (thrown-data #(stopped)))))))))

;; ---------------------------------------------------------------------------------------------
;; batches and scripts

(deftest execute-batch-one-statement-many-groups
  (sluice/execute! *conn* "drop table if exists eb")
  (sluice/execute! *conn* "create table eb (id int primary key, v text)")
  (is (= [1 1 1] (sluice/execute-batch! *conn* "insert into eb values ($1, $2)" [[1 "a"] [2 "b"] [3 "c"]])))
  (is (= [{:id 4} {:id 5}] (sluice/execute-batch! *conn* "insert into eb values (?, ?) returning id" [[4 "d"] [5 "e"]]
                                                  {:placeholders :question-mark})))
  (is (= [2 1] (sluice/execute-batch! *conn* "update eb set v = upper(v) where id <= $1 and id >= $2" [[2 1] [3 3]])))
  (testing "all or nothing: a failing group applies none of them"
    (let [d (thrown-data #(sluice/execute-batch! *conn* "insert into eb values ($1, $2)" [[6 "f"] [1 "dup"] [7 "g"]]))]
      (is (= :23505 (:sqlstate d)))
      (is (= 0 (:index d)) "the first group of the failed statement: groups 0 and 1 went as one insert")
      (is (= "insert into eb values ($1, $2)" (:sql d)))
      (is (not (str/includes? (pr-str d) "\"dup\"")) "no parameter value in the error"))
    (is (= [1 2 3 4 5] (sluice/execute! *conn* "select id from eb order by id" {:as :column}))))
  (is (= [] (sluice/execute-batch! *conn* "insert into eb values ($1, $2)" [])))
  (testing "one batch, no statement on its own, reported as the caller gave it: 3 groups (sent as a 2-row insert, then 1)"
    (let [seen (atom [])]
      (with-open [c (sluice/connect {:uri (ts/uri) :listener #(swap! seen conj %)})]
        (reset! seen [])
        (sluice/execute-batch! c "insert into eb values ($1, $2)" [[20 "t"] [21 "u"] [22 "v"]]))
      (is (= [[:batch 3 true]] (mapv (juxt :sluice/event (comp count :sqls) :atomic) @seen))))))

(deftest execute-script-runs-a-migration
  (is (= ["DROP TABLE" "CREATE TABLE" "CREATE FUNCTION" "INSERT 0 2" "SELECT 1"]
         (mapv :sluice/command
               (sluice/execute-script! *conn* "drop table if exists mig;
                  create table mig (id int primary key, v text);
                  create function mig_count() returns bigint language sql as $$ select count(*) from mig; $$;
                  insert into mig values (1, 'a;b'), (2, '--');
                  select mig_count() as n"))))
  (is (= [{:n "2"}] (:sluice/rows (peek (sluice/execute-script! *conn* "select mig_count() as n")))))
  (testing "a failing statement applies none of the script"
    (let [d (thrown-data #(sluice/execute-script! *conn* "insert into mig values (3, 'c'); insert into mig values (1, 'dup')"))]
      (is (= :23505 (:sqlstate d)))
      (is (str/starts-with? (:sql d) "insert into mig values (3")))
    (is (= [1 2] (sluice/execute! *conn* "select id from mig order by id" {:as :column}))))
  (sluice/execute-script! *conn* "drop function mig_count(); drop table mig"))

;; ---------------------------------------------------------------------------------------------
;; errors as data

(deftest errors-name-the-sql-never-the-values
  (let [d (thrown-data #(sluice/execute! *conn* ["select $1::text, 1/0" "s3cret-value"]))]
    (is (= "select $1::text, 1/0" (:sql d)))
    (is (not (str/includes? (pr-str d) "s3cret-value"))))
  (let [ps (sluice/prepare *conn* "select 1/$1::int as x")
        d (thrown-data #(sluice/execute! ps [0]))]
    (is (= "select 1/$1::int as x" (:sql d))))
  (testing "a caller's own ex-info thrown through a plan step is left alone"
    (let [d (thrown-data #(reduce (fn [_ _] (throw (ex-info "mine" {:type :app/oops}))) nil (sluice/plan *conn* "select 1")))]
      (is (= {:type :app/oops ::ts/message "mine"} d)))))

(deftest a-failed-statement-in-a-batch-prints-as-data
  (sluice/execute! *conn* "create temp table bf (id int primary key)")
  (let [[ok failed] (sluice/batch! *conn* [["insert into bf values ($1)" 1] ["insert into bf values ($1)" 1]])
        printed (pr-str failed)]
    (is (= [{:sluice/update-count 1}] ok))
    (is (instance? ExceptionInfo failed))
    (is (= {:sqlstate :23505 :index 1 :sql "insert into bf values ($1)"} (select-keys (ex-data failed) [:sqlstate :index :sql])))
    (is (str/starts-with? printed "#sluice/failed {"))
    (is (not (str/includes? printed ":trace")) "no stack trace")
    (is (= (ex-data failed) (read-string (subs printed (count "#sluice/failed ")))) "the data, readable")))

(deftest pool-stats-and-to-string
  (with-open [pool (sluice/pool (ts/uri) {:max-size 1})]
    (sluice/execute! pool "select 1")
    (let [s (sluice/pool-stats pool)]
      (is (contains? s :in-flight))
      (is (every? #(re-matches #"[a-z]+(-[a-z]+)*" (name %)) (keys s)) (pr-str (keys s))))
    (is (re-matches #"Pool\[open=\d+, idle=\d+, borrowed=\d+, inFlight=\d+, .*\]" (str pool)) (str pool))))

;; ---------------------------------------------------------------------------------------------
;; builders, datafy/nav

(defn- pets! []
  (sluice/execute-script! *conn* "drop table if exists b_pets; drop table if exists b_owners;
    create table b_owners (id int primary key, full_name text);
    create table b_pets (id int primary key, owner_id int references b_owners (id), pet_name text);
    insert into b_owners values (1, 'Ada'); insert into b_pets values (10, 1, 'Rex'), (11, null, 'Stray')"))

(deftest builders
  (pets!)
  (let [sql "select p.id, p.pet_name, o.full_name from b_pets p join b_owners o on o.id = p.owner_id"]
    (is (= [{:b_pets/id 10 :b_pets/pet_name "Rex" :b_owners/full_name "Ada"}]
           (sluice/execute! *conn* sql {:builder-fn builders/as-maps})))
    (is (= [{:b-pets/id 10 :b-pets/pet-name "Rex" :b-owners/full-name "Ada"}]
           (sluice/execute! *conn* sql {:builder-fn builders/as-kebab-maps})))
    (is (= [{:id 10 :pet-name "Rex" :full-name "Ada"}]
           (sluice/execute! *conn* sql {:builder-fn builders/as-unqualified-kebab-maps})))
    (is (= [{:PETS/ID 10 :PETS/PET_NAME "Rex" :OWNERS/FULL_NAME "Ada"}]
           (sluice/execute! *conn* sql {:builder-fn builders/as-modified-maps
                                        :qualifier-fn #(str/upper-case (subs % 2)) :label-fn str/upper-case})))
    (is (= [{:ID 10 :PET_NAME "Rex" :FULL_NAME "Ada"}] (sluice/execute! *conn* sql {:label-fn str/upper-case}))
        ":label-fn alone modifies the :keys mode")
    (is (= [{"id" 10}] (into [] (map #(into {} %))
                             (sluice/plan *conn* "select id from b_pets where id = 10"
                                          {:builder-fn (fn [_ _] (builders/builder false (fn [_ c] c)))})))
        "a builder of one's own, streaming")
    (is (= :sluice/bad-input (:type (thrown-data #(sluice/execute! *conn* "select 1" {:builder-fn (fn [_ _] :nope)})))))))

(deftest datafy-and-nav-follow-foreign-keys
  (pets!)
  (let [pet (datafy (sluice/execute-one! *conn* "select * from b_pets where id = 10"))]
    (is (= {:id 10 :owner_id 1 :pet_name "Rex"} pet))
    (is (= {:id 1 :full_name "Ada"} (nav pet :owner_id (:owner_id pet))) "owner_id references b_owners (id)")
    (is (= "Rex" (nav pet :pet_name "Rex")) "a column without a foreign key navigates to its value")
    (is (= 1 (nav (datafy (nav pet :owner_id 1)) :id 1)))
    (is (nil? (nav pet :owner_id nil))))
  (testing "a key's column is found when an earlier column of the same name is hidden"
    (let [pet (datafy (sluice/execute-one! *conn* "select 0 as id, p.id, p.owner_id from b_pets p where p.id = 10"))]
      (is (= {:id 10 :owner_id 1} pet))
      (is (= {:id 1 :full_name "Ada"} (nav pet :owner_id 1)))))
  (with-open [pool (sluice/pool (ts/uri) {:max-size 1})]
    (let [pet (datafy (sluice/execute-one! pool "select id, owner_id from b_pets where id = 10"))]
      (is (= {:id 1 :full_name "Ada"} (nav pet :owner_id 1)) "through a pool too"))))
