(ns sluice.events
  "Sluice's event listener (io.sluice.event.EventListener) as a function of data. Set it on a
  connection or pool with the `:listener` key of a settings map: `(sluice/pool {:uri … :listener
  f})`. Then `f` is called on the caller's thread with one map per finished piece of work — a
  statement, a batch, a COPY, a connection attempt, a transaction, a pool acquisition (`:ending`
  `:acquired`, `:timed-out`, `:interrupted`, `:failed`; `:pool`, `:borrow`, `:waited-nanos`) — and
  per pool event (`:pool`, `:kind`, `:reason`, `:connection`) and LISTEN reconnection. The map holds
  `:sluice/event` (`:statement`, `:batch`, `:copy`, `:connect`, `:transaction`, `:acquire`, `:pool`,
  `:notifications-reconnect`) and the fields of the Java event records as
  kebab-case keys, the start's fields merged into the end's: for a statement `:sql` (never the
  parameter values), `:parameter-count`, `:preparation`, `:connection`, `:rows`, `:duration-nanos`,
  `:pipeline-depth`, `:result` (`:succeeded`, `:not-sent`, `:unknown`, `:server-error`,
  `:caller-error`), `:sql-state` and `:error` (the exception the caller got, or nil).

  Keep `f` quick (the caller waits for it) and thread-safe; never run statements from it. What it
  throws is logged once by the core and otherwise ignored."
  (:require [sluice.impl.records :as records])
  (:import (io.sluice.event EventListener)))

(set! *warn-on-reflection* true)

(defn- ended
  "The event map of an end record: its start's fields, then its own."
  [kind end]
  (let [m (records/record->map end)]
    (-> (merge (:start m) (dissoc m :start))
        (assoc :sluice/event kind))))

(defn listener
  "An EventListener calling `(f event-map)` (see the namespace); an EventListener is returned as it
  is."
  ^EventListener [f]
  (cond
    (instance? EventListener f) f
    (ifn? f) (reify EventListener
               (statementEnd [_ _ e] (f (ended :statement e)))
               (batchEnd [_ _ e] (f (ended :batch e)))
               (copyEnd [_ _ e] (f (ended :copy e)))
               (connectEnd [_ _ e] (f (ended :connect e)))
               (transactionEnd [_ _ e] (f (ended :transaction e)))
               (acquireEnd [_ _ e] (f (ended :acquire e)))
               (pool [_ e] (f (assoc (records/record->map e) :sluice/event :pool)))
               (notificationsReconnected [_ e] (f (assoc (records/record->map e) :sluice/event :notifications-reconnect))))
    :else (throw (ex-info (str ":listener is a function of an event map or an io.sluice.event.EventListener, not " (pr-str f))
                          {:type :sluice/bad-input :outcome :not-sent :may-have-run? false :option :listener}))))
