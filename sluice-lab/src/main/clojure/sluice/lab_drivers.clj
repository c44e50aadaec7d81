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
  (:import (io.sluice.bench Checksum Driver Fold Target Workload Workload$Kind Workload$Output)
           (java.math BigDecimal)
           (java.sql DriverManager ResultSet ResultSetMetaData Timestamp)
           (java.time LocalDate OffsetDateTime)
           (java.util UUID)))

(set! *warn-on-reflection* true)

(defprotocol Foldable
  (fold-value [v] "The value's canonical long, as io.sluice.bench.Checksum defines it."))

(extend-protocol Foldable
  nil (fold-value [_] Checksum/NULL)
  Integer (fold-value [v] (long v))
  Long (fold-value [v] (long v))
  Double (fold-value [v] (Checksum/ofDouble (double v)))
  BigDecimal (fold-value [v] (Checksum/ofBigDecimal v))
  String (fold-value [v] (Checksum/ofString v))
  Boolean (fold-value [v] (Checksum/ofBoolean (boolean v)))
  LocalDate (fold-value [v] (Checksum/ofDate v))
  java.sql.Date (fold-value [v] (Checksum/ofDate (.toLocalDate ^java.sql.Date v)))
  OffsetDateTime (fold-value [v] (Checksum/ofTimestamp v))
  Timestamp (fold-value [v] (let [^Timestamp t v]
                              (+ (* (Math/floorDiv (.getTime t) 1000) 1000000) (quot (.getNanos t) 1000))))
  UUID (fold-value [v] (Checksum/ofUuid v)))

(defn- column-keys
  "The result's column labels as keywords, in order (from pgjdbc's metadata, without running it)."
  [^Target target ^String sql]
  (with-open [c (DriverManager/getConnection (.jdbcUrl target ""))
              ps (.prepareStatement c (str "select * from (" sql ") q limit 0"))
              rs (.executeQuery ps)]
    (let [^ResultSetMetaData m (.getMetaData ^ResultSet rs)]
      (mapv #(keyword (.getColumnLabel m (int %))) (range 1 (inc (.getColumnCount m)))))))

(defn- fold-rows
  "Folds maps (lazy rows or plain) into `fold`: every value by key in column order; assoc'ed first
  when `assoc?`; counted only when the workload touches no column."
  [rows ks touch? assoc? ^Fold fold]
  (if-not touch?
    (run! (fn [_] (.countRow fold)) rows)
    (run! (fn [r]
            (let [m (if assoc? (assoc r ::assoc true) r)]
              (doseq [k ks] (.add fold (long (fold-value (get m k)))))
              (.endRow fold)))
          rows)))

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
          (fold-rows (query-fn (.sql w)) ks (.touchColumns w) (= "ts60" (.name w)) fold)))
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
