(ns sluice.core-test
  (:require [clojure.string :as str]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (clojure.lang ExceptionInfo)
           (java.time OffsetDateTime)))

(use-fixtures :once ts/with-connection)

(defn- thrown-data
  "The ex-data and message of what (f) throws."
  [f]
  (try (f) nil
       (catch ExceptionInfo e (assoc (ex-data e) ::message (ex-message e)))))

(deftest connects-from-uri-map-and-config
  (with-open [c (sluice/connect (ts/uri))]
    (is (= {:one 1} (sluice/execute-one! c "select 1 as one"))))
  (let [s (ts/server)]
    (with-open [c (sluice/connect {:host (.host s) :port (.port s) :user (.superuser s)
                                   :dbname (.database s) :application-name "sluice-clj-test"})]
      (is (= "sluice-clj-test" (:application_name (sluice/execute-one! c "select current_setting('application_name') as application_name")))))
    (with-open [c (sluice/connect {:uri (ts/uri) :application-name "from-uri"})]
      (is (= ["from-uri"] (sluice/execute! c "select current_setting('application_name')" {:as :column})))))
  (testing "a spec is connectable: a connection is opened and closed around the call"
    (is (= [{:x 2}] (sluice/execute! (ts/uri) "select 2 as x")))))

(deftest bad-connection-specs
  (let [d (thrown-data #(sluice/connect {:host "127.0.0.1" :bogus-setting 1}))]
    (is (= :sluice/config-error (:type d)))
    (is (str/includes? (::message d) "bogus_setting")))
  (is (= :sluice/bad-input (:type (thrown-data #(sluice/connect 42)))))
  (testing "a refused password never appears in the error"
    (let [s (ts/server)
          d (thrown-data #(sluice/connect {:host (.host s) :port (.port s) :user "no_such_role_x"
                                           :dbname (.database s) :password "Sekr1t-pw" :sslmode "disable"
                                           :connect-timeout 5}))]
      (is (some? d))
      (is (not (str/includes? (pr-str d) "Sekr1t-pw")))
      (is (false? (:may-have-run? d))))))

(deftest execute-returns-lazy-rows
  (let [rows (sluice/execute! *conn* ["select x as id, 'n' || x as name from generate_series(1, $1) x" 3])]
    (is (vector? rows))
    (is (= [{:id 1 :name "n1"} {:id 2 :name "n2"} {:id 3 :name "n3"}] rows))
    (is (every? sluice/lazy-row? rows))
    (is (= [:id :name] (keys (first rows))))))

(deftest update-counts
  (sluice/execute! *conn* "create temp table uc (id int primary key, v text)")
  (is (= [{:sluice/update-count 3}]
         (sluice/execute! *conn* ["insert into uc select x, 'v' || x from generate_series(1, $1) x" 3])))
  (is (= {:sluice/update-count 2} (sluice/execute-one! *conn* ["update uc set v = $1 where id > $2" "w" 1])))
  (is (nil? (sluice/execute-one! *conn* "select * from uc where false")))
  (is (= [] (sluice/execute! *conn* "select * from uc where false"))))

(deftest parameters
  (testing "numbers, strings, keywords, nil, vectors as arrays, maps as JSON"
    (is (= {:a 42 :b "x" :c "kw" :d nil :e [1 2 3]}
           (sluice/execute-one! *conn* ["select $1::int as a, $2 as b, $3 as c, $4::text as d, $5::int[] as e"
                                        42 "x" :kw nil [1 2 3]])))
    (is (= {:j {:a 1 :b [true nil]}}
           (sluice/execute-one! *conn* ["select $1::jsonb as j" {:a 1 :b [true nil]}])))
    (is (= {:j [1 "two"]} (sluice/execute-one! *conn* ["select $1::jsonb as j" (sluice/json [1 "two"])])))
    (is (= {:n 1.5M} (sluice/execute-one! *conn* ["select $1::numeric as n" 3/2]))))
  (testing "a parameter of no PostgreSQL type is a clear error, nothing sent, connection fine"
    (let [d (thrown-data #(sluice/execute! *conn* ["select $1" (Object.)]))]
      (is (= :sluice/value-error (:type d)))
      (is (= :not-sent (:outcome d)))
      (is (str/includes? (::message d) "java.lang.Object")))
    (is (= [{:ok true}] (sluice/execute! *conn* "select true as ok"))))
  (testing "sql-params that are not SQL"
    (is (= :sluice/bad-input (:type (thrown-data #(sluice/execute! *conn* [:select 1])))))
    (is (= :sluice/bad-input (:type (thrown-data #(sluice/execute! *conn* 42)))))
    (is (= :sluice/bad-input (:type (thrown-data #(sluice/execute! 42 "select 1")))))))

(deftest options-are-checked
  (let [d (thrown-data #(sluice/execute! *conn* "select 1" {:bogus 1}))]
    (is (= :sluice/bad-input (:type d)))
    (is (= :bogus (:option d)))
    (is (str/includes? (::message d) ":keys")))
  (is (= :keys (:option (thrown-data #(sluice/execute! *conn* "select 1" {:keys :camel}))))) 
  (is (= :as (:option (thrown-data #(sluice/execute! *conn* "select 1" {:as :table})))))
  (is (= :kv (:option (thrown-data #(sluice/execute! *conn* "select 1" {:kv :id})))))
  (is (= [:as :index-by] (:options (thrown-data #(sluice/execute! *conn* "select 1" {:as :first :index-by :a})))))
  (is (= :as (:option (thrown-data #(sluice/plan *conn* "select 1" {:as :first})))))
  (is (= :sluice/bad-input (:type (thrown-data #(sluice/execute! *conn* "select 1" [:as :first]))))))

(deftest key-styles
  (sluice/execute! *conn* "create temp table person (person_id int, full_name text)")
  (sluice/execute! *conn* "insert into person values (1, 'Ada')")
  (is (= {:person_id 1 :full_name "Ada" :n 1}
         (sluice/execute-one! *conn* "select *, 1 as n from person")))
  (is (= {:person/person_id 1 :person/full_name "Ada" :n 1}
         (sluice/execute-one! *conn* "select *, 1 as n from person" {:keys :qualified})))
  (is (= {:person-id 1 :full-name "Ada"} (sluice/execute-one! *conn* "select * from person" {:keys :kebab})))
  (is (= [{:person/person-id 1 :person/full-name "Ada"}]
         (sluice/execute! *conn* "select * from person" {:keys :qualified-kebab})))
  (is (= [[:person/person_id :person/full_name] [1 "Ada"]]
         (sluice/execute! *conn* "select * from person" {:keys :qualified :as :vectors})))
  (is (= ["Ada"] (into [] (map :person/full_name) (sluice/plan *conn* "select * from person" {:keys :qualified})))))

(deftest shapes
  (let [sql "select x as id, x % 2 as odd, 'n' || x as name from generate_series(1, 4) x order by x"]
    (is (= {:id 1 :odd 1 :name "n1"} (sluice/execute! *conn* sql {:as :first})))
    (is (= [1 2 3 4] (sluice/execute! *conn* sql {:as :column})))
    (is (= [[:id :odd :name] [1 1 "n1"] [2 0 "n2"] [3 1 "n3"] [4 0 "n4"]]
           (sluice/execute! *conn* sql {:as :vectors})))
    (let [maps (sluice/execute! *conn* sql {:as :maps})]
      (is (= 4 (count maps)))
      (is (not-any? sluice/lazy-row? maps))
      (is (every? #(instance? clojure.lang.PersistentArrayMap %) maps)))
    (is (= {1 {:id 1 :odd 1 :name "n1"} 3 {:id 3 :odd 1 :name "n3"}}
           (select-keys (sluice/execute! *conn* sql {:index-by :id}) [1 3])))
    (is (= {1 [1 3] 0 [2 4]} (update-vals (sluice/execute! *conn* sql {:group-by :odd}) #(mapv :id %))))
    (is (= {1 "n1" 2 "n2" 3 "n3" 4 "n4"} (sluice/execute! *conn* sql {:kv [:id :name]})))
    (is (= 10 (sluice/execute! *conn* sql {:reduce [(fn [acc r] (+ acc (:id r))) 0]})))
    (is (= 4 (sluice/execute! *conn* sql {:xform (filter #(= 1 (:odd %))) :reduce [(fn ([a] a) ([a r] (+ a (:id r)))) 0]})))
    (is (= ["n2" "n4"] (sluice/execute! *conn* sql {:xform (comp (remove #(= 1 (:odd %))) (map :name))})))))

(deftest plan-streams
  (let [p (sluice/plan *conn* ["select x as id from generate_series(1, $1) x" 1000])]
    (is (= 500500 (reduce (fn [acc r] (+ acc (:id r))) 0 p)))
    (is (= 500500 (transduce (map :id) + 0 p)))
    (is (= [1 2 3] (into [] (comp (map :id) (take 3)) p)) "early termination with reduced")
    (is (= 1000 (count (into [] (map sluice/realize) p))))
    (let [seen (atom 0)]
      (run! (fn [r] (swap! seen + (:id r))) p)
      (is (= 500500 @seen)))
    (is (= {:id 1} (reduce (fn [a _] a) p)) "reduce without init: the first row, realised")
    (testing "a row kept past its step refuses to be read"
      (let [kept (into [] p)]
        (is (= :sluice/stale-row (:type (thrown-data #(:id (first kept))))))))
    (testing "the connection is usable after an early stop"
      (is (= [{:x 1}] (sluice/execute! *conn* "select 1 as x")))))
  (testing "an exception in the reducing function comes out; the connection stays usable"
    (is (thrown-with-msg? ExceptionInfo #"boom"
                          (reduce (fn [_ _] (throw (ex-info "boom" {}))) nil
                                  (sluice/plan *conn* "select 1 as x"))))
    (is (thrown? java.io.IOException
                 (reduce (fn [_ _] (throw (java.io.IOException. "io"))) nil
                         (sluice/plan *conn* "select 1 as x"))))
    (is (= [{:x 1}] (sluice/execute! *conn* "select 1 as x")))))

(deftest prepared-statements
  (let [ps (sluice/prepare *conn* "select $1 + 1 as n, $2 as s")]
    (is (= {:n 42 :s "a"} (sluice/execute-one! ps [41 "a"])))
    (is (= [{:n 2 :s "b"}] (sluice/execute! ps [1 "b"])))
    (is (= [3] (into [] (map :n) (sluice/plan ps [2 "c"]))))
    (is (= :sluice/server-error (:type (thrown-data #(sluice/execute! ps ["not a number" "x"])))))))

(deftest batches
  (sluice/execute! *conn* "create temp table b (id int primary key)")
  (testing "independent statements: an error stays in its place"
    (let [[a b c d] (sluice/batch! *conn* [["insert into b values ($1)" 1] ["insert into b values ($1)" 1]
                                           "select count(*) as n from b" ["insert into b values ($1)" 2]])]
      (is (= [{:sluice/update-count 1}] a))
      (is (instance? ExceptionInfo b))
      (is (= :23505 (:sqlstate (ex-data b))))
      (is (= [{:n 1}] c))
      (is (= [{:sluice/update-count 1}] d))))
  (testing "atomic: all or nothing"
    (let [d (thrown-data #(sluice/batch! *conn* [["insert into b values ($1)" 3] ["insert into b values ($1)" 1]]
                                         {:atomic? true}))]
      (is (= 1 (:index d)))
      (is (= :23505 (:sqlstate d))))
    (is (= [1 2] (sluice/execute! *conn* "select id from b order by id" {:as :column})))
    (is (= [[{:sluice/update-count 1}] [{:n 3}]]
           (sluice/batch! *conn* [["insert into b values ($1)" 3] "select count(*) as n from b"] {:atomic? true})))))

(deftest server-errors-as-ex-info
  (let [d (thrown-data #(sluice/execute! *conn* "select 1/0"))]
    (is (= :sluice/server-error (:type d)))
    (is (= :22012 (:sqlstate d)))
    (is (= :data-exception (:state-class d)))
    (is (= :server-error (:outcome d)))
    (is (false? (:may-have-run? d)))
    (is (= "division by zero" (:message d))))
  (let [d (thrown-data #(sluice/execute! *conn* "selec 1"))]
    (is (= :42601 (:sqlstate d)))
    (is (= 1 (:position d)))))

(deftest timestamps-and-types
  (let [r (sluice/execute-one! *conn* "select now() as t, 1.5::numeric as n, 'a'::text as s, null::int as z")]
    (is (instance? OffsetDateTime (:t r)))
    (is (= 1.5M (:n r)))
    (is (contains? r :z))
    (is (nil? (:z r)))))

(deftest a-statement-inside-its-own-plan-fails-at-once
  (testing "the reply of a statement run from a reduction step would come after the rest of the stream
            that step holds up: it fails at once, naming the pattern, and the connection stays usable"
    (let [d (thrown-data #(reduce (fn [acc _] (sluice/execute! *conn* ["select 1"]) (inc acc))
                                  0
                                  (sluice/plan *conn* ["select generate_series(1, 3)"])))]
      (is (= :not-sent (:outcome d)))
      (is (str/includes? (::message d) "inside a stream")))
    (is (= [{:x 1}] (sluice/execute! *conn* ["select 1 as x"])))))
