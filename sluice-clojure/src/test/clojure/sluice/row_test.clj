(ns sluice.row-test
  "Lazy rows behave like maps."
  (:require [clojure.pprint :as pprint]
            [clojure.test :refer [deftest is testing use-fixtures]]
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
