(ns sluice.notify
  "LISTEN/NOTIFY from Clojure: `listen!` opens a listener connection of its own (an
  io.sluice.Notifications), `poll!` takes from it, `notify!` sends through any connectable.
  Notifications are maps {:channel :payload :pid}. sluice.core re-exports the three."
  (:require [sluice.impl.config :as config]
            [sluice.impl.errors :as errors]
            [sluice.impl.extend]
            [sluice.impl.query :as q]
            [sluice.impl.statement :as statement])
  (:import (io.sluice Notification Notifications)
           (java.time Duration)
           (java.util.function Consumer)))

(set! *warn-on-reflection* true)

(defn- notification-map [^Notification n]
  {:channel (.channel n) :payload (.payload n) :pid (.processId n)})

(defn listen!
  "Opens a dedicated listener connection (an io.sluice.Notifications, AutoCloseable) from a spec and
  LISTENs on `channels` (strings; quoted by Sluice). With `callback`, each notification is passed
  to it as {:channel :payload :pid}, on a virtual thread, as it arrives; without, take them with
  `poll!`. The listener reconnects on its own after the connection is lost and subscribes again.
  Add or drop channels later with `.listen` / `.unlisten` on the listener."
  (^Notifications [spec channels] (listen! spec channels nil))
  (^Notifications [spec channels callback]
   (when-not (and (coll? channels) (every? string? channels))
     (throw (errors/bad-input "listen! takes a collection of channel names (strings)" {})))
   (when-not (or (nil? callback) (ifn? callback))
     (throw (errors/bad-input "listen!'s callback is a function of one notification map" {})))
   (let [^Notifications l (errors/translating
                           (Notifications/open (config/config spec)
                                               (when callback
                                                 (reify Consumer (accept [_ n] (callback (notification-map n)))))
                                               nil))]
     (try
       (doseq [ch channels] (errors/translating (.listen l ^String ch)))
       l
       (catch Throwable e (.close l) (throw e))))))

(defn poll!
  "The next notification of a listener opened without a callback, as {:channel :payload :pid},
  waiting up to `timeout-ms`; nil when none came."
  [^Notifications listener timeout-ms]
  (some-> (.poll listener (Duration/ofMillis (long timeout-ms))) notification-map))

(defn notify!
  "Sends a notification on `channel` with `payload` (pg_notify), through any connectable."
  [connectable ^String channel ^String payload]
  (when-not (and (string? channel) (or (nil? payload) (string? payload)))
    (throw (errors/bad-input "notify! takes a channel name and a payload, both strings" {})))
  ;; a statement like any other: a with-options wrapper's :timeout applies, its loggers see
  ;; sluice.core/execute!, as they did when notify! called it
  (let [sql-params ["select pg_notify($1, $2)" channel (or payload "")]]
    (statement/call 'sluice.core/execute! connectable sql-params nil statement/options
                    (fn [x opts] (statement/run x sql-params opts #(q/execute % opts)))))
  nil)
