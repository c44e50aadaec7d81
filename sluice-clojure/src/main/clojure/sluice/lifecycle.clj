(ns sluice.lifecycle
  "Start and stop a pool from a system library, without depending on one.

  - Integrant (or anything that calls functions): `start-pool` and `stop-pool`, e.g.
    (defmethod ig/init-key ::db [_ {:keys [spec opts]}] (start-pool spec opts)) and
    (defmethod ig/halt-key! ::db [_ pool] (stop-pool pool)).
  - Component: `component` returns a value that Component starts and stops through its metadata
    (`com.stuartsierra.component/start` and `/stop`, which Component ≥ 0.4 reads); once started,
    `(:pool c)` or `(c)` is the pool."
  (:require [sluice.core :as sluice])
  (:import (io.sluice Pool)))

(set! *warn-on-reflection* true)

(defn start-pool
  "Opens a pool from a spec and pool options (see sluice.core/pool)."
  (^Pool [spec] (start-pool spec nil))
  (^Pool [spec opts] (sluice/pool spec opts)))

(defn stop-pool
  "Closes a pool (waiting up to its close timeout for statements running on it); nil does nothing.
  Returns nil."
  [pool]
  (when pool (.close ^Pool pool))
  nil)

(declare component)

;; `pool` is nil until started. Called with no argument it returns the pool, as next.jdbc's
;; component returns its datasource.
(defrecord PoolComponent [spec options pool]
  clojure.lang.IFn
  (invoke [_]
    (or pool (throw (ex-info "the pool component is not started" {:type :sluice/bad-input :outcome :not-sent
                                                                   :may-have-run? false}))))
  (applyTo [this args] (clojure.lang.AFn/applyToHelper this args)))

(defn- started [^PoolComponent c]
  (if (:pool c) c (component (:spec c) (:options c) (start-pool (:spec c) (:options c)))))

(defn- stopped [^PoolComponent c]
  (stop-pool (:pool c))
  (component (:spec c) (:options c) nil))

(defn component
  "A pool as a Component: not started until (component/start c), stopped by (component/stop c).
  Both return a new value, as Component expects; starting a started one changes nothing."
  ([spec] (component spec nil nil))
  ([spec opts] (component spec opts nil))
  ([spec opts pool]
   (with-meta (->PoolComponent spec opts pool)
     {'com.stuartsierra.component/start started
      'com.stuartsierra.component/stop stopped})))
