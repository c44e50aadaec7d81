(ns sluice.impl.options
  "Default options carried by a connectable (`sluice.core/with-options`, `with-logging`): every
  call through the wrapper merges them under its own, keeping those the call takes; transactions
  begun through it are wrapped the same way."
  (:require [clojure.string :as str]
            [sluice.impl.errors :as errors])
  (:import (java.time Duration)))

(set! *warn-on-reflection* true)

;; `connectable` is what statements really run on; `options` the defaults; `loggers` nil or
;; {:sql f :result g} (see sluice.core/with-logging)
(defrecord WithOptions [connectable options loggers])

(defn wrapped?
  "Whether x carries default options."
  [x]
  (instance? WithOptions x))

(defn wrap
  "`connectable` with `options` as defaults (added to those it already carries)."
  [connectable options]
  (when-not (or (nil? options) (map? options))
    (throw (errors/bad-input (str "with-options takes a map of options, not " (errors/shown options)) {})))
  (if (wrapped? connectable)
    (->WithOptions (:connectable connectable) (merge (:options connectable) options) (:loggers connectable))
    (->WithOptions connectable options nil)))

(defn with-loggers
  "`connectable` calling `loggers` around each statement."
  [connectable loggers]
  (if (wrapped? connectable)
    (assoc connectable :loggers loggers)
    (->WithOptions connectable nil loggers)))

(defn rewrap
  "`inner` (a transaction or connection reached through `outer`) carrying outer's options."
  [outer inner]
  (if (wrapped? outer) (assoc outer :connectable inner) inner))

(defn unwrap
  "What x runs on."
  [x]
  (if (wrapped? x) (:connectable x) x))

(defn merged
  "The call's options over x's defaults, keeping only the defaults in `allowed` (a default of
  another function, say `:keys` for a transaction, is not an error here)."
  [x opts allowed]
  (if (and (wrapped? x) (seq (:options x)))
    (merge (select-keys (:options x) allowed) opts)
    opts))

(defn logged
  "(f), between the loggers of x if it has any: `(sql-logger op sql-params)` before, whose value is
  the state passed to `(result-logger op state result-or-exception)` after."
  [x op sql-params f]
  (let [{:keys [sql result]} (when (wrapped? x) (:loggers x))]
    (if-not sql
      (f)
      (let [state (sql op sql-params)]
        (try
          (let [v (f)]
            (when result (result op state v))
            v)
          (catch Throwable e
            (when result (result op state e))
            (throw e)))))))

(defn check-keys
  "Throws when `opts` is not nil or a map, or holds a key not in `allowed`; `what` names the
  options in the message (\"pool\", \"copy-in!\")."
  [opts allowed what]
  (when-not (or (nil? opts) (map? opts))
    (throw (errors/bad-input (str what " options are a map, not " (errors/shown opts)) {})))
  (doseq [k (keys opts)]
    (when-not (contains? allowed k)
      (throw (errors/bad-input (str "unknown " what " option " (errors/shown k) "; known: " (str/join ", " (sort allowed)))
                               {:option k})))))

(defn timeout
  "The `:timeout` option as a Duration (seconds, as next.jdbc's; decimals allowed; or a
  java.time.Duration), or nil when absent."
  ^Duration [opts]
  (when-let [t (:timeout opts)]
    (cond
      (and (instance? Duration t) (not (.isNegative ^Duration t)) (not (.isZero ^Duration t))) t
      (and (number? t) (pos? t)) (Duration/ofNanos (long (* 1e9 (double t))))
      :else (throw (errors/bad-input (str ":timeout is a number of seconds more than 0, or a java.time.Duration, not "
                                          (errors/shown t))
                                     {:option :timeout})))))
