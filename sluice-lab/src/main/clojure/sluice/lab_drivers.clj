(ns sluice.lab-drivers
  "The lab's Clojure interfaces (found by the lab through io.sluice.lab.clojure.ClojureDrivers, module sluice-lab):
  `clj-sluice`, Sluice's Clojure API (execute! into lazy map rows), and `clj-java.jdbc`,
  org.clojure/java.jdbc over pgjdbc (query into maps): seed 000's tests in Clojure. (next.jdbc,
  the seed's peer, is on Clojars, which this build cannot reach; java.jdbc is its predecessor by
  the same authors, on Maven Central.)

  Both read each row as a map by its column keys, in column order, and fold every value into the
  lab's checksum; for `ts60` (seed 000 test 5) each row is first assoc'ed a key, which realises a
  lazy row. Rows-only workloads count rows: java.jdbc has built every map by then, Sluice none."
  (:require [clojure.java.jdbc :as jdbc]
            [sluice.core :as sluice])
  (:import (io.sluice.bench Checksum ColumnType Driver Fold Target Workload Workload$Kind Workload$Output)
           (java.math BigDecimal)
           (java.sql DriverManager ResultSet ResultSetMetaData Timestamp)
           (java.time LocalDate OffsetDateTime)
           (java.util UUID)))

(set! *warn-on-reflection* true)

;; Each column folds by its type's code in a `case` (a table switch, each branch casting to one
;; class), as the Java drivers switch over the type to call its typed getter: one function per
;; type called through an array, or a protocol over the value's class, would make one call site see
;; nine classes per row (a megamorphic dispatch that cost the Clojure interfaces more than reading
;; the row did).
(defn- timestamp-micros ^long [v]
  (if (instance? OffsetDateTime v)
    (Checksum/ofTimestamp ^OffsetDateTime v)
    (let [^Timestamp t v]
      (+ (* (Math/floorDiv (.getTime t) 1000) 1000000) (quot (.getNanos t) 1000)))))

(defn- date-days ^long [v]
  (if (instance? LocalDate v)
    (Checksum/ofDate ^LocalDate v)
    (Checksum/ofDate (.toLocalDate ^java.sql.Date v))))

(defn- fold-value
  "The canonical long (io.sluice.bench.Checksum) of a non-nil value of the column type whose
  ordinal is `t`."
  ^long [^long t v]
  (case t
    0 (long (.intValue ^Integer v))          ; INT4
    1 (.longValue ^Long v)                   ; INT8
    2 (Checksum/ofDouble (.doubleValue ^Double v)) ; FLOAT8
    3 (Checksum/ofBigDecimal ^BigDecimal v)  ; NUMERIC
    4 (Checksum/ofString ^String v)          ; TEXT
    5 (Checksum/ofBoolean (.booleanValue ^Boolean v)) ; BOOL
    6 (date-days v)                          ; DATE
    7 (timestamp-micros v)                   ; TIMESTAMPTZ
    8 (Checksum/ofUuid ^UUID v)))            ; UUID

(defn- column-keys
  "The result's column labels as keywords, in order (from pgjdbc's metadata, without running it)."
  [^Target target ^String sql]
  (with-open [c (DriverManager/getConnection (.jdbcUrl target ""))
              ps (.prepareStatement c (str "select * from (" sql ") q limit 0"))
              rs (.executeQuery ps)]
    (let [^ResultSetMetaData m (.getMetaData ^ResultSet rs)]
      (mapv #(keyword (.getColumnLabel m (int %))) (range 1 (inc (.getColumnCount m)))))))

(defn- fold-rows
  "Folds maps (lazy rows or plain) into `fold`: every value by key in column order, each through
  its column type's folder; assoc'ed first when `assoc?`; counted only when the workload touches
  no column."
  [rows ks types touch? assoc? ^Fold fold]
  (if-not touch?
    (run! (fn [_] (.countRow fold)) rows)
    (let [^objects ka (object-array ks)
          ^ints ta (int-array (map #(.ordinal ^ColumnType %) types))
          n (alength ka)]
      (run! (fn [r]
              (let [m (if assoc? (assoc r ::assoc true) r)]
                (dotimes [i n]
                  (let [v (get m (aget ka i))]
                    (.add fold (if (nil? v) Checksum/NULL (fold-value (aget ta i) v)))))
                (.endRow fold)))
            rows))))

(defn- clojure-driver
  "A lab Driver over `query-fn` (sql -> seq of maps) for bulk workloads."
  [name description target query-fn close-fn]
  (let [keys-of (atom {})]
    (reify Driver
      (name [_] name)
      (description [_] description)
      (supports [_ w] (and (= Workload$Kind/BULK (.kind ^Workload w))
                           (= Workload$Output/NONE (.output ^Workload w))))
      (prepare [_ w]
        (let [^Workload w w]
          (swap! keys-of assoc (.name w) (column-keys target (.sql w)))))
      (run [_ w fold]
        (let [^Workload w w
              ks (or (get @keys-of (.name w)) (column-keys target (.sql w)))]
          (fold-rows (query-fn (.sql w)) ks (.columns w) (.touchColumns w) (= "ts60" (.name w)) fold)))
      (close [_] (close-fn)))))

(defn open-sluice
  "clj-sluice: one Sluice connection, execute! (a vector of lazy map rows)."
  [^Target target]
  (let [conn (sluice/connect (.uri target))]
    (clojure-driver "clj-sluice" "Sluice's Clojure API (this build): execute! into lazy map rows, read by key"
                    target #(sluice/execute! conn %) #(.close conn))))

(defn open-java-jdbc
  "clj-java.jdbc: org.clojure/java.jdbc over one pgjdbc connection, query into maps."
  [^Target target]
  (let [c (DriverManager/getConnection (.jdbcUrl target ""))
        db {:connection c}]
    (clojure-driver "clj-java.jdbc" "org.clojure/java.jdbc 0.7.12 over pgjdbc defaults: query into maps, read by key"
                    target #(jdbc/query db [%]) #(.close c))))

(defn factories
  "The lab's Clojure interfaces: name -> (fn [target] driver)."
  []
  (array-map "clj-sluice" open-sluice "clj-java.jdbc" open-java-jdbc))
