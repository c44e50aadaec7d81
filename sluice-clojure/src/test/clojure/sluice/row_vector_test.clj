(ns sluice.row-vector-test
  "execute!'s default result: a vector whose rows are made when read (RowVector), observed like a
  plain vector of the same maps."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.test-support :as ts :refer [*conn*]])
  (:import (io.sluice.internal.clojure RowVector)))

(use-fixtures :once ts/with-connection)

(def ^:private sql
  "select n as id, case when n = 2 then null else 'r' || n end as name,
          case when n = 3 then null else jsonb_build_object('n', n) end as doc
     from generate_series(1, 3) as n order by n")

(def plain
  [{:id 1 :name "r1" :doc {:n 1}}
   {:id 2 :name nil :doc {:n 2}}
   {:id 3 :name "r3" :doc nil}])

(defn- rows [] (sluice/execute! *conn* sql))

(deftest is-a-row-vector
  (let [v (rows)]
    (is (instance? RowVector v))
    (is (vector? v))
    (is (sequential? v))
    (is (counted? v))
    (is (every? sluice/lazy-row? v))
    (is (nil? (meta v)) "execute! attaches no metadata, as before")))

(deftest equality-and-hash
  (let [v (rows)
        realised (vec (map sluice/realize v))]
    (is (= plain v))
    (is (= v plain))
    (is (= v realised))
    (is (= realised v))
    (is (= v (rows)) "two row vectors")
    (is (= (hash plain) (hash v)))
    (is (= (.hashCode ^Object plain) (.hashCode ^Object v)))
    (is (.equals ^Object v (rows)))
    (is (= (seq plain) v) "equals a seq of the same maps, like a vector does")
    (is (= v (list* plain)))
    (is (= (java.util.ArrayList. ^java.util.Collection plain) v))
    (is (not= v (pop plain)))
    (is (not= v (assoc-in plain [0 :id] 9)))
    (is (= #{plain} #{v}) "usable as a set element")
    (is (= :found (get {v :found} plain)))))

(deftest reading
  (let [v (rows)]
    (is (= 3 (count v) (.size ^java.util.List v)))
    (is (= (plain 0) (nth v 0) (v 0) (get v 0) (.get ^java.util.List v 0)))
    (is (= :none (nth v 3 :none) (get v 3 :none) (get v -1 :none) (get v :k :none)))
    (is (nil? (get v 3)))
    (is (thrown? IndexOutOfBoundsException (nth v 3)))
    (is (thrown? IndexOutOfBoundsException (nth v -1)))
    (is (thrown? IndexOutOfBoundsException (v 3)))
    (is (= (plain 2) (peek v) (last v)))
    (is (= (plain 0) (first v)))
    (is (= (rest plain) (rest v)))
    (is (= plain (seq v)))
    (is (= (rseq plain) (rseq v)))
    (is (false? (empty? v)))
    (is (= [1 2 3] (mapv :id v)))
    (is (= plain (into [] v)))
    (is (= (set plain) (into #{} v)))
    (is (= [(plain 1)] (subvec v 1 2)))
    (is (= (subvec plain 1) (subvec v 1)))
    (is (= [3 2 1] (map :id (reverse v))))
    (is (contains? v 2))
    (is (not (contains? v 3)))
    (let [[a b & more] v]
      (is (= (plain 0) a))
      (is (= (plain 1) b))
      (is (= [(plain 2)] more)))
    (is (= plain (iterator-seq (.iterator ^Iterable v))))
    (is (= 1 (.indexOf ^java.util.List v (plain 1))))
    (is (= (pr-str plain) (pr-str v)) "prints as a vector of maps")
    (is (= (str plain) (str v)))))

(deftest reducing
  (let [v (rows)]
    (is (= 6 (reduce + (map :id v))))
    (is (= 6 (reduce (fn [acc r] (+ acc (:id r))) 0 v)))
    (is (= (plain 0) (reduce (fn [a _] (reduced a)) v)) "reduce without init starts at row 0")
    (is (= 3 (reduce (fn [acc r] (if (= 2 (:id r)) (reduced (+ acc 2)) (+ acc (:id r)))) 0 v)))
    (is (= [[0 1] [1 2] [2 3]] (reduce-kv (fn [acc i r] (conj acc [i (:id r)])) [] v)))
    (is (= [0 1] (reduce-kv (fn [acc i _] (if (= i 2) (reduced acc) (conj acc i))) [] v)))
    (is (= 6 (transduce (map :id) + v)))
    (is (= 1 (:id (.reduce ^clojure.lang.IReduce v (fn [a _] a)))))
    (is (= :x (reduce + :x (subvec v 0 0))))))

(deftest changing-gives-an-ordinary-vector
  (let [v (rows)]
    (is (= (conj plain {:id 4}) (conj v {:id 4})))
    (is (instance? clojure.lang.PersistentVector (conj v {:id 4})))
    (is (= (assoc plain 0 :z) (assoc v 0 :z)))
    (is (= (assoc plain 3 :z) (assoc v 3 :z)) "assoc at count appends")
    (is (= (pop plain) (pop v)))
    (is (= (update v 1 assoc :name "b") (update plain 1 assoc :name "b")))
    (is (= [] (empty v)))
    (is (vector? (empty v)))
    (is (= {:m 1} (meta (empty (with-meta v {:m 1})))))
    (is (= {:m 1} (meta (conj (with-meta v {:m 1}) :x))) "a change keeps the metadata, as on a vector")))

(deftest metadata
  (let [v (rows)
        m (with-meta v {:source :test})]
    (is (= {:source :test} (meta m)))
    (is (instance? RowVector m))
    (is (= plain m))
    (is (nil? (meta v)) "the original is unchanged")
    (is (nil? (meta (vec m))) "vec drops metadata, as on any vector")))

(deftest rows-are-made-when-read
  (let [v (rows)]
    (testing "each read makes a new row object (like RowSet.get(i)); into [] holds them"
      (is (not (identical? (nth v 0) (nth v 0))))
      (is (= (nth v 0) (nth v 0)))
      (let [held (into [] v)]
        (is (identical? (nth held 0) (nth held 0)))
        (is (every? sluice/lazy-row? held))))
    (testing "JSON decoded by one row object is the same value from another"
      (is (= {:n 1} (:doc (nth v 0)) (:doc (v 0)))))))

(deftest nulls-and-empty-results
  (let [v (rows)]
    (is (nil? (:name (v 1))))
    (is (contains? (v 1) :name))
    (is (nil? (:doc (v 2)))))
  (let [none (sluice/execute! *conn* "select 1 as a where false")]
    (is (= [] none))
    (is (= none []))
    (is (vector? none))
    (is (empty? none))
    (is (nil? (seq none)))
    (is (= 0 (count none)))
    (is (= (hash []) (hash none)))
    (is (= :nf (nth none 0 :nf)))
    (is (nil? (first none)))
    (is (nil? (peek none)))
    (is (= "[]" (pr-str none)))
    (is (= 7 (reduce + 7 none)))
    (is (= 0 (reduce + none)) "reduce without init on no rows calls (f)")
    (is (= [:a] (conj none :a)))))

(deftest shared-between-threads
  (let [v (sluice/execute! *conn* "select n from generate_series(1, 2000) as n order by n")
        sums (->> (range 4)
                  (mapv (fn [_] (future (reduce (fn [acc r] (+ acc (:n r))) 0 v))))
                  (mapv #(deref % 60000 :timeout)))]
    (is (= (repeat 4 (quot (* 2000 2001) 2)) sums))
    (testing "changes past 32 rows (an ordinary vector's tree, not only its tail)"
      (is (= 2001 (count (conj v :x))))
      (is (= :x (peek (conj v :x))))
      (is (= 1999 (:n (peek (pop v)))))
      (is (= 2000 (:n (nth (assoc v 5 :y) 1999))))
      (is (= (range 1 2001) (map :n (into [] v)))))))
