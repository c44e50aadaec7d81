(ns sluice.types-test
  "Values between Clojure and the server: JSON from vectors and lists, decoded values kept per
  row, infinite dates and timestamps, ratios, java.util.Date and java.sql's classes."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.json :as json]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (java.time Instant LocalDate LocalDateTime LocalTime OffsetDateTime ZoneOffset)))

(set! *warn-on-reflection* true)

(use-fixtures :once ts/with-connection)

(defn- fresh-table! [ddl]
  (sluice/execute! *conn* "drop table if exists types_t")
  (sluice/execute! *conn* (str "create table types_t " ddl)))

(deftest vectors-and-lists-of-maps-as-json
  (fresh-table! "(id int, doc jsonb, docs jsonb[], j json, ns int[])")
  (let [doc [{:a 1} {:b [2 3]}]]
    (testing "a vector of maps for a jsonb/json parameter is JSON; a list works as a vector does"
      (sluice/execute! *conn* ["insert into types_t (id, doc, j) values ($1, $2, $3)" 1 doc (apply list doc)])
      (is (= {:doc doc :j doc} (sluice/execute-one! *conn* "select doc, j from types_t where id = 1"))))
    (testing "for a jsonb[] parameter, an array of JSON documents"
      (sluice/execute! *conn* ["insert into types_t (id, docs) values ($1, $2)" 2 doc])
      (is (= doc (:docs (sluice/execute-one! *conn* "select docs from types_t where id = 2")))))
    (testing "vectors and lists of scalars stay arrays"
      (sluice/execute! *conn* ["insert into types_t (id, ns) values ($1, $2)" 3 '(1 2 3)])
      (is (= [1 2 3] (:ns (sluice/execute-one! *conn* ["select ns from types_t where ns = $1::int[]" [1 2 3]])))))
    (testing "sql-params as a list, as a vector"
      (is (= {:v [{:a 1}]} (sluice/execute-one! *conn* (list "select $1::jsonb as v" (list {:a 1}))))))
    (testing "nested: a vector of vectors of maps"
      (is (= [[{:a 1}]] (:v (sluice/execute-one! *conn* ["select $1::jsonb as v" [[{:a 1}]]])))))
    (testing "a prepared statement and a batch"
      (let [p (sluice/prepare *conn* "insert into types_t (id, doc) values ($1, $2)")]
        (sluice/execute! p [4 doc]))
      (sluice/batch! *conn* [["insert into types_t (id, doc) values ($1, $2)" 5 doc]])
      (sluice/batch! *conn* [["insert into types_t (id, doc) values ($1, $2)" 6 doc]] {:atomic? true})
      (is (= [doc doc doc] (sluice/execute! *conn* "select doc from types_t where id in (4, 5, 6)" {:as :column}))))
    (testing "COPY: a vector of maps into a jsonb column, in every format"
      (doseq [[fmt id] [[:binary 7] [:text 8] [:csv 9]]]
        (is (= 1 (sluice/copy-in! *conn* "types_t" [[id doc]] {:columns [:id :doc] :format fmt})))
        (is (= doc (:doc (sluice/execute-one! *conn* ["select doc from types_t where id = $1" id]))) (str fmt))))))

(deftest json-text-is-what-the-core-asks-for
  (testing "the core's message for a non-text JSON value says what to send, not that no library is configured"
    (fresh-table! "(doc jsonb)")
    (let [e (try (.execute (.prepare *conn* "insert into types_t values ($1)") (object-array [(java.util.HashMap. {"a" 1})]))
                 nil
                 (catch io.sluice.SluiceException e e))]
      (is (some? e))
      (is (re-find #"JSON text, a String" (str (ex-message e) (some-> e ex-cause ex-message)))
          (str e)))))

(deftest decoded-values-are-kept-per-row
  (let [r (sluice/execute-one! *conn* "select jsonb_build_object('xs', (select jsonb_agg(x) from generate_series(1, 20000) x)) as doc, array[1, 2] as arr, 1 as n")
        reads (atom 0)
        real-read json/read-str]
    (with-redefs [json/read-str (fn [& args] (swap! reads inc) (apply real-read args))]
      (is (identical? (:doc r) (:doc r)))
      (is (identical? (:arr r) (:arr r)))
      (dotimes [_ 20] (is (= 20000 (count (:xs (:doc r))))))
      (is (= 1 @reads) "20 reads of a 20k-element document decode it once")
      (let [h (hash r)]
        (is (= h (hash r)))
        (is (= r (into {} r)))
        (is (= 1 @reads) "hash and = decode nothing again")))
    (testing "a row never read decodes nothing; plan rows keep their values within their step"
      (let [decoded (atom 0)]
        (with-redefs [json/read-str (fn [& args] (swap! decoded inc) (apply real-read args))]
          (is (= 3 (count (sluice/execute! *conn* "select '{\"a\": 1}'::jsonb as j from generate_series(1, 3)"))))
          (is (= 0 @decoded))
          (is (= [true true] (into [] (map #(identical? (:j %) (:j %)))
                                   (sluice/plan *conn* "select '{\"a\": 1}'::jsonb as j from generate_series(1, 2)"))))
          (is (= 2 @decoded)))))))

(deftest infinite-dates-and-timestamps
  (testing "results: :infinity and :-infinity, not Java's MAX/MIN constants"
    (is (= {:d :infinity :nd :-infinity :ts :infinity :nts :-infinity :tz :infinity :ntz :-infinity}
           (sluice/execute-one! *conn* (str "select 'infinity'::date d, '-infinity'::date nd, 'infinity'::timestamp ts, "
                                            "'-infinity'::timestamp nts, 'infinity'::timestamptz tz, '-infinity'::timestamptz ntz"))))
    (is (= [:infinity (LocalDate/of 2024 2 29) :-infinity]
           (:a (sluice/execute-one! *conn* "select array['infinity', '2024-02-29', '-infinity']::date[] a"))))
    (is (= {:d :infinity} (sluice/realize (sluice/execute-one! *conn* "select 'infinity'::date d"))))
    (is (= [:-infinity] (sluice/execute! *conn* "select '-infinity'::timestamptz t" {:as :column}))))
  (testing "parameters: the keywords, and Java's MAX/MIN constants, are the server's infinities"
    (is (= {:a true :b true :c true :d true}
           (sluice/execute-one! *conn* ["select $1::date = 'infinity' a, $2::timestamptz = '-infinity' b, $3::timestamp = 'infinity' c, $4::date = '-infinity' d"
                                        :infinity :-infinity LocalDateTime/MAX LocalDate/MIN])))
    (fresh-table! "(d date, t timestamptz)")
    (sluice/execute! *conn* ["insert into types_t values ($1, $2)" :infinity :-infinity])
    (is (= {:d :infinity :t :-infinity} (sluice/execute-one! *conn* "select * from types_t")))))

(deftest ratios
  (is (= 0.25M (:v (sluice/execute-one! *conn* ["select $1::numeric v" 1/4]))))
  (let [e (try (sluice/execute! *conn* ["select $1::numeric" 1/3]) nil (catch clojure.lang.ExceptionInfo e e))]
    (is (some? e))
    (is (re-find #"ratio 1/3 has no exact decimal form" (ex-message e)))
    (is (= :sluice/bad-input (:type (ex-data e))))))

(deftest java-util-date-and-java-sql-values
  (let [instant (Instant/parse "2024-02-29T12:34:56.123456789Z")
        r (sluice/execute-one! *conn* ["select $1::timestamptz a, $2::timestamptz b, $3::date c, $4::time d"
                                       (java.util.Date/from instant) (java.sql.Timestamp/from instant)
                                       (java.sql.Date/valueOf (LocalDate/of 2024 2 29))
                                       (java.sql.Time/valueOf (LocalTime/of 12 34 56))])]
    (is (= (OffsetDateTime/of 2024 2 29 12 34 56 123000000 ZoneOffset/UTC) (:a r)) "a Date's milliseconds")
    (is (= (OffsetDateTime/of 2024 2 29 12 34 56 123457000 ZoneOffset/UTC) (:b r)) "a Timestamp's nanoseconds, rounded")
    (is (= (LocalDate/of 2024 2 29) (:c r)))
    (is (= (LocalTime/of 12 34 56) (:d r)))))

(defn- produced
  "How many rows the server produced: each took a number from the sequence (a cancel keeps them)."
  []
  (:last_value (sluice/execute-one! *conn* "select last_value from plan_seq")))

(def ^:private two-million "select nextval('plan_seq') as n from generate_series(1, 2000000)")

(deftest reduced-stops-the-server
  (doseq [[what run] [["(take 1)" #(into [] (comp (map :n) (take 1)) (sluice/plan *conn* two-million))]
                      ["reduced" #(reduce (fn [_ r] (reduced [(:n r)])) nil (sluice/plan *conn* two-million))]
                      ["a prepared statement" #(into [] (comp (map :n) (take 1))
                                                     (sluice/plan (sluice/prepare *conn* two-million) []))]]]
    (testing what
      (sluice/execute! *conn* "drop sequence if exists plan_seq")
      (sluice/execute! *conn* "create sequence plan_seq")
      (is (= [1] (run)))
      (is (< (produced) 1000000) "far fewer than 2 M rows were produced")
      (is (= {:x 1} (sluice/execute-one! *conn* "select 1 as x")) "the connection is clean")))
  (testing "in a transaction (a portal, closed at the stop: a cancel would abort the transaction)"
    (sluice/execute! *conn* "drop sequence if exists plan_seq")
    (sluice/execute! *conn* "create sequence plan_seq")
    (is (= {:first [1] :after {:x 1}}
           (sluice/with-transaction [tx *conn*]
             {:first (into [] (comp (map :n) (take 1)) (sluice/plan tx two-million))
              :after (sluice/execute-one! tx "select 1 as x")})))
    (is (< (produced) 1000000)))
  (testing "on a pool"
    (sluice/execute! *conn* "drop sequence if exists plan_seq")
    (sluice/execute! *conn* "create sequence plan_seq")
    (with-open [p (sluice/pool (ts/uri) {:max-size 1})]
      (is (= [1] (into [] (comp (map :n) (take 1)) (sluice/plan p two-million))))
      (is (= {:x 1} (sluice/execute-one! p "select 1 as x"))))
    (is (< (produced) 1000000))))

(deftest copy-in-maps
  (fresh-table! "(id int, created_at date, note text)")
  (testing "kebab and qualified keys name columns as result keys do"
    (is (= 2 (sluice/copy-in! *conn* "types_t" [{:id 1 :created-at (LocalDate/of 2024 1 1)}
                                                {:id 2 :created-at (LocalDate/of 2024 1 2)}] nil)))
    (is (= 1 (sluice/copy-in! *conn* "types_t" [{:types_t/id 3 :types_t/note "q"}] nil)))
    (is (= [{:id 1 :created-at (LocalDate/of 2024 1 1) :note nil} {:id 2 :created-at (LocalDate/of 2024 1 2) :note nil}
            {:id 3 :created-at nil :note "q"}]
           (sluice/execute! *conn* "select * from types_t order by id" {:keys :kebab}))))
  (testing "a later row with a key the columns lack fails, naming it; nothing is copied"
    (let [e (try (sluice/copy-in! *conn* "types_t" [{:id 4} {:id 5 :note "dropped?"}] nil) nil
                 (catch clojure.lang.ExceptionInfo e e))]
      (is (re-find #"row 2 has :note, not among the columns \[:id\]" (str (ex-message e))))
      (is (= 3 (count (sluice/execute! *conn* "select 1 from types_t"))))))
  (testing "a key a later row lacks is NULL; :columns names every key"
    (is (= 2 (sluice/copy-in! *conn* "types_t" [{:id 6} {:id 7 :note "n"}] {:columns [:id :note]})))
    (is (= [nil "n"] (sluice/execute! *conn* "select note from types_t where id >= 6 order by id" {:as :column})))))

(defn- server-version []
  (:v (sluice/execute-one! *conn* "select current_setting('server_version_num')::int as v")))

(deftest intervals
  (let [iv (:v (sluice/execute-one! *conn* "select interval '1 year 2 mons -3 days 04:05:06.789' as v"))]
    (testing "prints readably, as PostgreSQL's text, and reads back"
      (is (= "#sluice/interval \"1 year 2 mons -3 days +04:05:06.789\"" (pr-str iv)))
      (is (= iv (read-string (pr-str iv))))
      (is (= iv (sluice/interval "1 year 2 mons -3 days 04:05:06.789"))))
    (testing "round-trips as a parameter"
      (is (= iv (:v (sluice/execute-one! *conn* ["select $1::interval as v" iv]))))
      (is (= {:same true} (sluice/execute-one! *conn* ["select $1 = interval '1 year 2 mons -3 days 04:05:06.789' as same" iv])))))
  (testing "Duration and Period are intervals as parameters"
    (is (= {:d true :p true}
           (sluice/execute-one! *conn* ["select $1::interval = interval '26 hours' as d, $2::interval = interval '1 year 2 mons 3 days' as p"
                                        (java.time.Duration/ofHours 26) (java.time.Period/of 1 2 3)])))
    (is (= (java.time.Duration/ofHours 26) (.toDuration ^io.sluice.types.Interval (sluice/interval (java.time.Duration/ofHours 26))))))
  (testing "bad text is an error naming it"
    (is (thrown-with-msg? clojure.lang.ExceptionInfo #"interval" (sluice/interval "two days")))
    (is (thrown-with-msg? clojure.lang.ExceptionInfo #"not 42" (sluice/interval 42))))
  (when (>= (server-version) 170000)
    (testing "PostgreSQL 17's infinite intervals are :infinity and :-infinity, both ways"
      (is (= {:a :infinity :b :-infinity}
             (sluice/execute-one! *conn* "select 'infinity'::interval a, '-infinity'::interval b")))
      (is (= {:x true} (sluice/execute-one! *conn* ["select $1::interval = 'infinity' as x" :infinity]))))))
