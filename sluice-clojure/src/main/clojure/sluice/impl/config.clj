(ns sluice.impl.config
  "A connection's settings from a spec (sluice.core/config, sluice.core/connect): a URI or key=value
  string, or a map of libpq settings with dashes for underscores."
  (:require [clojure.string :as str]
            [sluice.codec :as codec]
            [sluice.events :as events]
            [sluice.impl.errors :as errors])
  (:import (io.sluice Connection ConnectionConfig)))

(set! *warn-on-reflection* true)

(defn- setting-name ^String [k]
  (cond (keyword? k) (str/replace (name k) \- \_)
        (string? k) k
        :else (throw (errors/bad-input (str "connection setting names are keywords or strings, not " (errors/shown k)) {}))))

(defn- setting-value ^String [v]
  (cond (nil? v) nil
        (keyword? v) (name v)
        :else (str v)))

(defn config
  "An io.sluice.ConnectionConfig from a spec; see sluice.core/config."
  ^ConnectionConfig [spec]
  (errors/translating
   (cond
     (instance? ConnectionConfig spec) spec
     (string? spec) (ConnectionConfig/parse spec)
     (map? spec) (let [b (ConnectionConfig/builder)]
                   (when-let [u (:uri spec)] (.connectionString b (str u)))
                   (when-let [l (:listener spec)] (.listener b (events/listener l)))
                   (doseq [[k v] (dissoc spec :uri :listener :codecs)]
                     (.set b (setting-name k) (setting-value v)))
                   (codec/with-codecs (.build b) (:codecs spec)))
     :else (throw (errors/bad-input (str "a connection spec is a URI string or a map, not "
                                         (if (nil? spec) "nil" (.getName (class spec))))
                                    {})))))

(defn connect
  "Opens an io.sluice.Connection from a spec; see sluice.core/connect."
  ^Connection [spec]
  (errors/translating (Connection/open (config spec))))
