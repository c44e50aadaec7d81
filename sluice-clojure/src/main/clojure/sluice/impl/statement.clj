(ns sluice.impl.statement
  "What every statement call shares: the SQL to send under the placeholder mode, and errors that
  name the statement (`:sql`, as given, never its parameter values) in their ex-data."
  (:require [sluice.impl.placeholders :as placeholders]))

(set! *warn-on-reflection* true)

(defn- sluice-error?
  "Whether ex-data comes from Sluice (a caller's own ex-info, thrown through a plan step, is left
  as it is)."
  [data]
  (let [t (:type data)] (and (keyword? t) (= "sluice" (namespace t)))))

(defn annotate
  "`e` with `:sql` in its ex-data when it is a Sluice error that has none yet (and, for a syntax
  error on SQL holding `?` outside the `?` mode, a message naming the mode); else `e` itself."
  ^Throwable [^Throwable e ^String sql mode]
  (let [data (ex-data e)]
    (if (and (sluice-error? data) (string? sql) (not (contains? data :sql)))
      (ex-info (placeholders/explain-syntax-error (ex-message e) data sql mode)
               (assoc data :sql sql)
               (or (ex-cause e) e))
      e)))

(defmacro annotating
  "Runs body; a Sluice error it throws gets `:sql` (see `annotate`)."
  [sql mode & body]
  `(try ~@body
        (catch clojure.lang.ExceptionInfo e#
          (throw (annotate e# ~sql ~mode)))))
