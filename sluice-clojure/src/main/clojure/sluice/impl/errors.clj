(ns sluice.impl.errors
  "Sluice's Java exceptions as ex-info: the message, the server's fields in ex-data (SQLSTATE as a
  keyword), and whether the request may have run. Messages come from the core, which never puts
  a password in one; nothing here adds configuration to ex-data."
  (:require [clojure.string :as str])
  (:import (io.sluice BatchException QueryTimeoutException ServerException SluiceException
                      SluiceException$Outcome ConfigException ConnectionException ValueException)))

(set! *warn-on-reflection* true)

(defn- kw [^Enum e]
  (keyword (str/replace (str/lower-case (.name e)) \_ \-)))

(defn- server-fields [^ServerException e]
  (let [state (.sqlState e)]
    (into {}
          (remove (comp nil? val))
          {:sqlstate (when-not (str/blank? state) (keyword state))
           :state-class (kw (.stateClass e))
           :severity (.severity e)
           :message (.serverMessage e)
           :detail (.detail e)
           :hint (.hint e)
           :position (let [p (.position e)] (when (pos? p) p))
           :where (.where e)
           :schema (.schema e)
           :table (.table e)
           :column (.column e)
           :constraint (.constraint e)
           :data-type (.dataType e)})))

(defn- error-type [e]
  (condp instance? e
    BatchException :sluice/batch-error
    ServerException :sluice/server-error
    QueryTimeoutException :sluice/timeout
    ConnectionException :sluice/connection-error
    ValueException :sluice/value-error
    ConfigException :sluice/config-error
    :sluice/error))

(defn ex
  "An ex-info for a SluiceException, with it as the cause. ex-data: `:type`, `:outcome`
  (`:not-sent`, `:unknown`, `:server-error`), `:may-have-run?` (true only when the outcome is
  unknown: its effects may have been applied), and for server errors `:sqlstate` (e.g. `:23505`),
  `:state-class` (e.g. `:integrity-constraint-violation`), `:message`, `:detail`, `:hint`,
  `:constraint`, … (a timeout carries the fields of the server's cancel, `:sqlstate :57014`). For
  an atomic batch, `:index` is the statement that failed (for merged inserts, the first group of
  the failed statement)."
  [^SluiceException e]
  (let [outcome (.outcome e)
        base {:type (error-type e)
              :outcome (kw outcome)
              :may-have-run? (= outcome SluiceException$Outcome/UNKNOWN)}
        data (cond
               (instance? BatchException e) (merge (server-fields (.getCause ^BatchException e))
                                                   base {:index (.index ^BatchException e)})
               (instance? ServerException e) (merge (server-fields e) base)
               ;; a timeout's cause is the server's cancel (57014): its fields say what was cut short
               (and (instance? QueryTimeoutException e) (instance? ServerException (.getCause e)))
               (merge (server-fields (.getCause e)) base)
               :else base)]
    (ex-info (.getMessage e) data e)))

(def ^:private shown-max
  "The most characters of a bad key or value a message shows."
  64)

(defn shown
  "x as a message quotes it: printed (a collection to 8 items and 3 levels, so that even an endless
  seq prints) and cut to its first 64 characters, saying how long the print was, so that refusing a
  1 MB key or value neither builds nor logs 1 MB (issue 37 §3). ex-data keeps the value itself."
  ^String [x]
  (let [s (binding [*print-length* 8 *print-level* 3] (pr-str x))]
    (if (<= (count s) shown-max)
      s
      (let [end (if (Character/isHighSurrogate (.charAt ^String s (dec shown-max))) (dec shown-max) shown-max)]
        (str (subs s 0 end) "…(" (count s) " chars)")))))

(defn bad-input
  "An ex-info for a mistake in the caller's arguments, found before anything was sent."
  [msg data]
  (ex-info msg (merge {:type :sluice/bad-input :outcome :not-sent :may-have-run? false} data)))

(defmacro translating
  "Runs body, rethrowing a SluiceException as ex-info (see `ex`)."
  [& body]
  `(try ~@body
        (catch SluiceException e# (throw (ex e#)))))
