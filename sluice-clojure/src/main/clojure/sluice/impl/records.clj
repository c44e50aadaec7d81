(ns sluice.impl.records
  "Java records and enums of the core as Clojure data: a record as a map of its components under
  kebab-case keywords (`inFlight` → `:in-flight`), an enum as a kebab-case keyword
  (`SERVER_ERROR` → `:server-error`), nested records as maps."
  (:require [clojure.string :as str])
  (:import (java.lang Record)
           (java.lang.reflect Method RecordComponent)
           (java.util.concurrent ConcurrentHashMap)))

(set! *warn-on-reflection* true)

(defn- kebab-keyword [^String camel]
  (keyword (str/lower-case (str/replace camel #"([a-z0-9])([A-Z])" "$1-$2"))))

(defn enum-keyword
  "An enum constant as a keyword: SERVER_ERROR → :server-error."
  [^Enum e]
  (keyword (str/replace (str/lower-case (.name e)) \_ \-)))

;; class -> [[key accessor] …], computed once per record class
(def ^:private ^ConcurrentHashMap components (ConcurrentHashMap.))

(defn- components-of [^Class c]
  (or (.get components c)
      (let [v (mapv (fn [^RecordComponent rc] [(kebab-keyword (.getName rc)) (.getAccessor rc)])
                    (.getRecordComponents c))]
        (.put components c v)
        v)))

(declare ->data)

(defn record->map
  "A record's components as a map (nested records and enums converted, other values as they are)."
  [^Record r]
  (persistent!
   (reduce (fn [m [k ^Method accessor]] (assoc! m k (->data (.invoke accessor r (object-array 0)))))
           (transient {}) (components-of (class r)))))

(defn ->data
  "A record as a map, an enum as a keyword, anything else as it is."
  [x]
  (cond (instance? Record x) (record->map x)
        (instance? Enum x) (enum-keyword x)
        :else x))
