(ns sluice.impl.statement
  "What every statement call shares: the options of a with-options wrapper merged under the call's
  and checked, the wrapper's loggers around the call, the statement run on what the connectable
  stands for (through sluice.protocols, whose extensions sluice.impl.extend loads: every caller
  requires it), and errors that name the statement (`:sql`, as given, never its parameter
  values) in their ex-data."
  (:require [sluice.impl.options :as options]
            [sluice.impl.placeholders :as placeholders]
            [sluice.impl.query :as q]
            [sluice.impl.row :as row]
            [sluice.protocols :as p])
  (:import (clojure.lang IReduce IReduceInit)))

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

(def options
  "Options of every statement call beside the result options: the placeholder mode, the timeout."
  #{:placeholders :timeout})

(def query-options
  "Options of the calls that run one statement on whatever the pool picks (execute!, execute-one!,
  plan): those of every call, and :read-only (the pool's read route, sluice.impl.extend)."
  (conj options :read-only))

(defn call
  "Runs (f inner-connectable merged-options) for a public function `op`: the options of a
  with-options wrapper merged under the call's (those in `allowed`), checked, and the call
  between the wrapper's loggers."
  [op connectable sql-params opts allowed f]
  (let [opts (options/merged connectable opts allowed)]
    (q/check-options opts allowed)
    (options/logged connectable op sql-params #(f (options/unwrap connectable) opts))))

(defn run
  "Calls (f source) for the statement that sql-params names on x (a Queryable, a spec, a prepared
  statement: sluice.protocols/Executable) and returns what f returns."
  [x sql-params opts f]
  (p/-execute x (p/-statement x sql-params) opts f))

(defn plan
  "The reducible of sluice.core/plan, for public function `op`: everything is checked now, and the
  statement runs each time it is reduced."
  [op connectable sql-params opts]
  (let [allowed (into q/plan-options query-options)
        opts (options/merged connectable opts allowed)
        x (options/unwrap connectable)]
    (q/check-options opts allowed)
    (placeholders/check-mode (:placeholders opts))
    (let [statement (p/-statement x sql-params)]
      (reify
        IReduceInit
        (reduce [_ f init]
          (options/logged connectable op sql-params
                          #(p/-execute x statement opts (fn [s] (reduce f init (q/plan-reducible s opts))))))
        IReduce
        (reduce [this f]
          (let [first? (volatile! true)
                acc (.reduce ^IReduceInit this
                             (fn [acc r]
                               (if @first? (do (vreset! first? false) (row/realize r)) (f acc r)))
                             nil)]
            (if @first? (f) acc)))))))
