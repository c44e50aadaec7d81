(ns sluice.codec-test
  (:require [clojure.string :as str]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.codec :as codec]
            [sluice.core :as sluice]
            [sluice.test-support :as ts]))

(set! *warn-on-reflection* true)

;; ltree (a contrib extension type: its OID differs per database) read and written by a text codec
;; as LabelPath (a deftype: a defrecord is a map, and maps go as JSON); the application's own
;; Breadcrumbs go out and come back through the protocols.
(deftype LabelPath [labels])
(defrecord Breadcrumbs [segments])

(def ltree
  (codec/text-codec "ltree" LabelPath #(->LabelPath (str/split % #"\.")) #(str/join "." (.-labels ^LabelPath %))))

(extend-protocol codec/SettableParameter
  Breadcrumbs
  (as-parameter [b] (->LabelPath (:segments b))))

(extend-protocol codec/ReadableColumn
  LabelPath
  (read-column [p] (->Breadcrumbs (.-labels ^LabelPath p))))

(use-fixtures :once (fn [f]
                      (sluice/execute! (ts/uri) "create extension if not exists ltree")
                      (f)))

(defn- spec [] {:uri (ts/uri) :codecs {"ltree" ltree}})

(deftest results-read-through-the-codec-and-read-column
  (with-open [c (sluice/connect (spec))]
    (is (= {:p (->Breadcrumbs ["top" "science"])
            :ps [(->Breadcrumbs ["a" "b"]) nil]}
           (sluice/execute-one! c "select 'top.science'::ltree as p, array['a.b'::ltree, null] as ps")))))

(deftest parameters-go-through-as-parameter-and-the-codec
  (with-open [c (sluice/connect (spec))]
    (is (= {:t "ltree" :p (->Breadcrumbs ["x" "y" "z"]) :under true}
           (sluice/execute-one! c ["select pg_typeof($1)::text as t, $1 as p, $1 <@ 'x.y'::ltree as under"
                                   (->Breadcrumbs ["x" "y" "z"])])))
    (testing "a vector of them is an array of the type"
      (is (= {:t "ltree[]" :ps [(->Breadcrumbs ["a"]) (->Breadcrumbs ["b" "c"])]}
             (sluice/execute-one! c ["select pg_typeof($1)::text as t, $1 as ps"
                                     [(->Breadcrumbs ["a"]) (->LabelPath ["b" "c"])]]))))
    (testing "in plan, too"
      (is (= [(->Breadcrumbs ["q"])]
             (into [] (map :p) (sluice/plan c ["select $1 as p" (->Breadcrumbs ["q"])])))))))

(deftest a-pool-connection-has-the-codecs
  (with-open [p (sluice/pool (spec))]
    (is (= {:p (->Breadcrumbs ["m" "n"])} (sluice/execute-one! p "select 'm.n'::ltree as p")))))

(deftest without-the-codec-ltree-is-text
  (with-open [c (sluice/connect (ts/uri))]
    (is (= {:p "m.n"} (sluice/execute-one! c "select 'm.n'::ltree as p")))))

;; Reading an int8, float8, bool or text column by key takes the core's typed getter, past the
;; protocol; an extension of ReadableColumn to such a value's class must still apply (and stop
;; applying once removed), in execute!'s rows as in plan's.
(defrecord Wrapped [v])

(deftest read-column-extended-to-a-jdk-class-still-applies
  (let [sql "select 7::int8 as n, 'x'::text as s, 1.5::float8 as f, true as b, 3 as i"
        unwrapped {:n 7 :s "x" :f 1.5 :b true :i 3}]
    (with-open [c (sluice/connect (ts/uri))]
      (is (= unwrapped (sluice/execute-one! c sql)))
      (extend-protocol codec/ReadableColumn
        Long (read-column [v] (->Wrapped v))
        CharSequence (read-column [v] (->Wrapped (str v))))
      (try
        (is (= {:n (->Wrapped 7) :s (->Wrapped "x") :f 1.5 :b true :i 3}
               (into {} (sluice/execute-one! c sql))))
        (is (= [(->Wrapped 7)] (into [] (map :n) (sluice/plan c sql))))
        (finally
          (alter-var-root #'codec/ReadableColumn update :impls dissoc Long CharSequence)
          (#'clojure.core/-reset-methods codec/ReadableColumn)))
      (is (= unwrapped (sluice/execute-one! c sql))))))

;; numeric, uuid, dates and timestamps read by key take the value the core decoded as it is, past the
;; protocol, unless ReadableColumn is extended to its class or a supertype of it (here Number and
;; java.time's Temporal): then those columns go through it, and the others still do not.
(deftest read-column-extended-to-a-supertype-applies-to-those-columns
  (let [sql "select 1.5::numeric as n, 2::int2 as s, '2024-01-02'::date as d, 'infinity'::date as inf,
             '2024-01-02 03:04:05+00'::timestamptz as ts, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as u"
        d (java.time.LocalDate/of 2024 1 2)
        ts (java.time.OffsetDateTime/of 2024 1 2 3 4 5 0 java.time.ZoneOffset/UTC)
        u #uuid "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"
        unwrapped {:n 1.5M :s 2 :d d :inf :infinity :ts ts :u u}]
    (with-open [c (sluice/connect (ts/uri))]
      (is (= unwrapped (sluice/execute-one! c sql)))
      (extend-protocol codec/ReadableColumn
        Number (read-column [v] (->Wrapped v))
        java.time.temporal.Temporal (read-column [v] (->Wrapped v)))
      (try
        (let [r (sluice/execute-one! c sql)]
          (is (= [(->Wrapped 1.5M) (->Wrapped (short 2)) (->Wrapped d) :infinity (->Wrapped ts) u]
                 [(:n r) (:s r) (:d r) (:inf r) (:ts r) (:u r)])
              "an infinite date is its keyword, which is no Temporal")
          (is (= (->Wrapped d) (:d (sluice/realize r))) "realised, too"))
        (is (= [(->Wrapped 1.5M)] (into [] (map :n) (sluice/plan c sql))))
        (finally
          (alter-var-root #'codec/ReadableColumn update :impls dissoc Number java.time.temporal.Temporal)
          (#'clojure.core/-reset-methods codec/ReadableColumn)))
      (is (= unwrapped (sluice/execute-one! c sql))))))
