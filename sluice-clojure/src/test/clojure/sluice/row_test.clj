(ns sluice.row-test
  "Lazy rows behave like maps."
  (:require [clojure.pprint :as pprint]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.builders :as builders]
            [sluice.core :as sluice]
            [sluice.test-support :as ts :refer [*conn*]]))

(use-fixtures :once ts/with-connection)

(defn- row []
  (sluice/execute-one! *conn* "select 1 as a, 'x' as b, null::int as c, '{\"k\": [1]}'::jsonb as d"))

(def plain {:a 1 :b "x" :c nil :d {:k [1]}})

(deftest equality-and-hashing
  (let [r (row)]
    (is (sluice/lazy-row? r))
    (is (= plain r))
    (is (= r plain))
    (testing "Java equality: int4 values are Integers, as from JDBC (= treats them as longs)"
      (is (.equals ^Object r (assoc plain :a (int 1))))
      (is (.equals ^Object (assoc plain :a (int 1)) r))
      (is (not (.equals ^Object r plain))))
    (is (= (hash plain) (hash r)))
    (is (= (.hashCode ^Object plain) (.hashCode ^Object r)))
    (is (= r (row)) "two lazy rows with the same values")
    (is (not= r (assoc plain :a 2)))
    (is (not= r (dissoc plain :c)))
    (is (= #{plain} #{r}) "usable as a set element / map key")
    (is (= :found (get {r :found} plain :missing)))
    (is (= 1 (get {plain 1} r)))
    (is (not= r [1 "x" nil {:k [1]}]))))

(deftest reading
  (let [r (row)]
    (is (= 1 (:a r) (r :a) (get r :a) (.get ^java.util.Map r :a)))
    (is (= :none (:zz r :none) (r :zz :none) (get r :zz :none)))
    (is (contains? r :c))
    (is (not (contains? r :zz)))
    (is (nil? (:c r)))
    (is (= [:c nil] (find r :c)))
    (is (nil? (find r :zz)))
    (is (= 4 (count r) (.size ^java.util.Map r)))
    (is (= [:a :b :c :d] (keys r)) "column order")
    (is (= [1 "x" nil {:k [1]}] (vals r)))
    (is (= [[:a 1] [:b "x"] [:c nil] [:d {:k [1]}]] (seq r) (vec r)))
    (is (every? map-entry? (seq r)))
    (is (= [[:a 1] [:b "x"] [:c nil] [:d {:k [1]}]] (into [] r)))
    (is (= plain (into {} r)))
    (is (= {:a 1 :d {:k [1]}} (select-keys r [:a :d :zz])))
    (is (= 1 (reduce-kv (fn [acc k v] (if (= k :a) v acc)) nil r)))
    (is (= [:a :b] (reduce-kv (fn [acc k _] (if (= k :c) (reduced acc) (conj acc k))) [] r)))
    (is (= #{:a :b :c :d} (set (.keySet ^java.util.Map r))))
    (is (= {:d {:k [1]}} (apply dissoc r [:a :b :c])))))

(deftest changing-realises
  (let [r (row)
        r2 (assoc r :extra 42)]
    (is (= (assoc plain :extra 42) r2))
    (is (not (sluice/lazy-row? r2)))
    (is (map? r2))
    (is (= (dissoc plain :b) (dissoc r :b)))
    (is (= (assoc plain :a 5) (assoc r :a 5)))
    (is (= (assoc plain :z 0) (conj r [:z 0])))
    (is (= (merge plain {:q 1}) (merge r {:q 1})))
    (is (= {} (empty r)))
    (is (= (update plain :a inc) (update r :a inc)))
    (is (= plain r) "the row itself is unchanged")
    (is (thrown? UnsupportedOperationException (.put ^java.util.Map r :a 2)))
    (is (= {:m 1} (meta (with-meta r {:m 1}))))
    (is (= plain (with-meta r {:m 1})))))

(deftest printing
  (let [r (row)]
    (is (= "{:a 1, :b \"x\", :c nil, :d {:k [1]}}" (pr-str r)))
    (is (= (pr-str r) (str r)))
    (is (= (pr-str plain) (pr-str (sluice/realize r))))
    (is (= "{:a 1, :b \"x\", :c nil, :d {:k [1]}}\n" (with-out-str (pprint/pprint r))))
    (testing "more than 8 columns print in column order too"
      (let [wide (sluice/execute-one! *conn* (str "select " (apply str (interpose ", " (map #(str % " as c" %) (range 10))))))]
        (is (= (map #(keyword (str "c" %)) (range 10)) (keys wide)))
        (is (= (str "{" (apply str (interpose ", " (map #(str ":c" % " " %) (range 10)))) "}") (pr-str wide)))
        (is (= (zipmap (map #(keyword (str "c" %)) (range 10)) (range 10)) wide))))))

(deftest duplicate-column-names
  (let [r (sluice/execute-one! *conn* "select 1 as a, 2 as a, 3 as b")]
    (is (= {:a 2 :b 3} r) "the later column wins, as in a map built in order")
    (is (= 2 (count r)))
    (is (= [:a :b] (keys r)))))

(deftest nested-arrays-and-bytes
  (let [r (sluice/execute-one! *conn* "select array[[1,2],[3,4]] as m, '\\x0102'::bytea as b, array['{\"a\":1}'::jsonb] as js")]
    (is (= [[1 2] [3 4]] (:m r)))
    (is (= [1 2] (vec (:b r))))
    (is (= [{:a 1}] (:js r)))))

;; Reads by key take a short way for the common binary types (the core's typed getters, or its
;; decoded value as is): the values must be those of the generic way, NULLs nil, infinities keywords.
(deftest typed-columns-read-as-the-generic-way-would
  (let [r (sluice/execute-one! *conn* (str "select 2::int2 as s, 1.5::float4 as f4, 12.50::numeric as n,"
                                           " 'NaN'::numeric as nan, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as u,"
                                           " '10:11:12'::time as t, '10:11:12+02'::timetz as tz,"
                                           " '2024-02-29'::date as d, '2024-02-29 10:11:12.5'::timestamp as ts,"
                                           " '2024-02-29 10:11:12.5+00'::timestamptz as tstz, '1 day 2 hours'::interval as i,"
                                           " 'infinity'::date as d_inf, '-infinity'::timestamp as ts_inf,"
                                           " 'infinity'::timestamptz as tstz_inf,"
                                           " null::numeric as n_null, null::date as d_null, null::uuid as u_null,"
                                           " 7::int4 as i4, 8::int8 as i8, 0.25::float8 as f8, true as b, 'x'::varchar as v"))]
    (is (= (short 2) (:s r)))
    (is (instance? Short (:s r)))
    (is (= (float 1.5) (:f4 r)))
    (is (= 12.50M (:n r)))
    (is (= 2 (.scale ^java.math.BigDecimal (:n r))) "the scale as sent")
    (is (Double/isNaN (:nan r)) "numeric NaN is a Double (BigDecimal has none)")
    (is (= #uuid "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11" (:u r)))
    (is (= (java.time.LocalTime/of 10 11 12) (:t r)))
    (is (= (java.time.OffsetTime/of 10 11 12 0 (java.time.ZoneOffset/ofHours 2)) (:tz r)))
    (is (= (java.time.LocalDate/of 2024 2 29) (:d r)))
    (is (= (java.time.LocalDateTime/of 2024 2 29 10 11 12 500000000) (:ts r)))
    (is (= (java.time.OffsetDateTime/of 2024 2 29 10 11 12 500000000 java.time.ZoneOffset/UTC) (:tstz r)))
    (is (= (sluice/interval "1 day 02:00:00") (:i r)))
    (is (= :infinity (:d_inf r)))
    (is (= :-infinity (:ts_inf r)))
    (is (= :infinity (:tstz_inf r)))
    (is (= [nil nil nil] [(:n_null r) (:d_null r) (:u_null r)]))
    (is (= [7 8 0.25 true "x"] [(:i4 r) (:i8 r) (:f8 r) (:b r) (:v r)]))
    (testing "a realised row holds the same values"
      (let [m (sluice/realize r)]
        (is (not (sluice/lazy-row? m)))
        (is (= r m))
        (is (= :infinity (:d_inf m)))
        (is (Double/isNaN (:nan m)))))))

(deftest keys-in-any-order
  (let [wide (sluice/execute-one! *conn* (str "select " (apply str (interpose ", " (map #(str % " as c" %) (range 20))))))
        ks (map #(keyword (str "c" %)) (range 20))]
    (testing "past 16 columns, in order, backwards, twice, and after the last key"
      (is (= (range 20) (map wide ks)))
      (is (= (reverse (range 20)) (map wide (reverse ks))))
      (is (= [19 0 19 5] [(:c19 wide) (:c0 wide) (:c19 wide) (:c5 wide)]))
      (is (= :none (:c20 wide :none)))
      (is (contains? wide :c17))
      (is (= [:c17 17] (find wide :c17))))
    (testing "a duplicate name: the later column, wherever the key is read from"
      (let [r (sluice/execute-one! *conn* (str "select 1 as a, " (apply str (interpose ", " (map #(str % " as c" %) (range 20))))
                                               ", 2 as a"))]
        (is (= 2 (:a r)))
        (is (= 19 (:c19 r)))
        (is (= 21 (count r)))
        (is (= (concat ks [:a]) (keys r)) "keys in column order, the visible ones")))
    (testing "keys equal but not identical (a builder of string keys) are found through the index"
      (let [r (sluice/execute-one! *conn* "select 1 as a, 2 as b"
                                   {:builder-fn (fn [_ _] (builders/builder false (fn [_ c] c)))})]
        (is (= 2 (get r (String. "b"))))
        (is (= 1 (get r (String. "a"))))
        (is (= ::none (get r "zz" ::none)))))))
