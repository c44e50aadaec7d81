(ns sluice.test-support
  "The shared test server and a connection per test namespace."
  (:require [sluice.core :as sluice])
  (:import (io.sluice Connection)
           (io.sluice.testkit PostgresServer)))

(set! *warn-on-reflection* true)

(defn server
  "The testkit's shared PostgreSQL (started once per JVM)."
  ^PostgresServer []
  (PostgresServer/shared))

(defn uri
  "A postgresql:// URI for the shared server's superuser."
  ^String []
  (.uri (server)))

(def ^:dynamic ^Connection *conn* nil)

(defn thrown-data
  "The ex-data of the ex-info (f) throws, with its message under ::message; nil when f returns."
  [f]
  (try (f) nil
       (catch clojure.lang.ExceptionInfo e (assoc (ex-data e) ::message (ex-message e)))))

(defn with-connection
  "A clojure.test fixture binding *conn* to a fresh connection."
  [f]
  (with-open [c (sluice/connect (uri))]
    (binding [*conn* c] (f))))
