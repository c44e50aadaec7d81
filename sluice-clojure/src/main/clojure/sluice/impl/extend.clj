(ns sluice.impl.extend
  "The extensions of sluice.protocols, each protocol extended once (one extend-protocol each).
  Statements run on io.sluice.Queryable; transactions and sessions on its three classes, for
  Queryable has no method for them (layout.md 3.2 gives it `transaction` and `session`; then these
  fold into one Queryable extension each). Anything else reaches them through Connectable: a spec
  opens a connection for the call, a with-options wrapper gives what it wraps, a value of the
  user's own gives what its Connectable says, and the rest is an error naming what was expected."
  (:require [sluice.impl.config :as config]
            [sluice.impl.errors :as errors]
            [sluice.impl.options :as options]
            [sluice.impl.placeholders :as placeholders]
            [sluice.impl.query :as q]
            [sluice.impl.statement :as statement]
            [sluice.protocols :as p])
  (:import (clojure.lang IPersistentMap)
           (io.sluice Connection Connection$SessionBody Pool Queryable Transaction)
           (sluice.impl.options WithOptions)
           (sluice.impl.query Prepared)))

(set! *warn-on-reflection* true)

(defn- not-connectable [x]
  (errors/bad-input (str "expected a connection, a transaction, a pool, a prepared statement, a URI string or a settings map, not "
                         (if (nil? x) "nil" (.getName (class x))))
                    {}))

(defn- session-body ^Connection$SessionBody [f]
  (reify Connection$SessionBody (run [_ c] (f c))))

;; ---------------------------------------------------------------------------------------------
;; Connectable: what a value stands for

(extend-protocol p/Connectable
  Queryable
  (-with-queryable [q f] (f q))
  String
  (-with-queryable [s f] (with-open [c (config/connect s)] (f c)))
  IPersistentMap
  (-with-queryable [m f] (with-open [c (config/connect m)] (f c)))
  WithOptions
  (-with-queryable [w f] (p/-with-queryable (options/unwrap w) f))
  Prepared
  (-with-queryable [_ _]
    (throw (errors/bad-input "a prepared statement runs with execute!, execute-one! and plan; give the others its connection" {})))
  Object
  (-with-queryable [x _] (throw (not-connectable x)))
  nil
  (-with-queryable [x _] (throw (not-connectable x))))

;; ---------------------------------------------------------------------------------------------
;; Executable: statements

(defn- timed
  "q itself, or a view of it running each call with the `:timeout` of `opts` in place of
  query_timeout (io.sluice.Queryable#withTimeout)."
  ^Queryable [^Queryable q opts]
  (if-let [d (options/timeout opts)] (.withTimeout q d) q))

(defn- routed
  "q itself, or with `:read-only true` in `opts` the read-only view of a pool (io.sluice.Pool#readOnly:
  a pool with read_routing sends the call to a standby). A connection or transaction runs on its one
  server, so the option is refused there rather than ignored."
  ^Queryable [^Queryable q opts]
  (cond
    (not (:read-only opts)) q
    (instance? Pool q) (.readOnly ^Pool q)
    :else (throw (errors/bad-input (str ":read-only routes the statements of a pool (read_routing) to a standby; a "
                                        (if (instance? Transaction q) "transaction" "connection")
                                        " runs on its one server. For a read-only transaction, give :read-only to "
                                        "with-transaction")
                                   {:option :read-only}))))

(defn- not-preparable [x]
  (errors/bad-input (str "prepare takes a connection, a transaction or a pool, not "
                         (if (nil? x) "nil" (.getName (class x))))
                    {}))

(extend-protocol p/Executable
  Queryable
  (-statement [_ sql-params] (q/sql-params sql-params))
  (-execute [q [sql params] opts f]
    (let [mode (placeholders/check-mode (:placeholders opts))]
      (statement/annotating sql mode
        (f (q/->Statement q (timed (routed q opts) opts) (placeholders/for-mode q mode sql) params)))))
  (-prepare [q sql mode]
    (statement/annotating sql mode
      (q/->Prepared q (errors/translating (.prepare q (placeholders/for-mode q mode sql))) sql)))

  Prepared
  (-statement [p params]
    (when-not (or (nil? params) (sequential? params))
      (throw (errors/bad-input "a prepared statement takes a vector of parameters" {})))
    (statement/annotating (:sql p) nil (q/params-array params)))
  (-execute [p params _ f]
    (statement/annotating (:sql p) nil (f (q/->Bound p params))))
  (-prepare [p _ _] (throw (not-preparable p)))

  Object
  (-statement [_ sql-params] (q/sql-params sql-params))
  (-execute [x statement opts f] (p/-with-queryable x #(p/-execute % statement opts f)))
  (-prepare [x _ _] (throw (not-preparable x)))

  nil
  (-statement [x _] (throw (not-connectable x)))
  (-execute [x _ _ _] (throw (not-connectable x)))
  (-prepare [x _ _] (throw (not-preparable x))))

;; ---------------------------------------------------------------------------------------------
;; Transactable: transactions

(extend-protocol p/Transactable
  Connection
  (-transact [c o body] (.transaction c o body))
  (-in-transaction? [_] false)
  Pool
  (-transact [pool o body] (.transaction pool o body))
  (-in-transaction? [_] false)
  Transaction
  (-transact [t _ body] (.transaction t body))
  (-in-transaction? [t] (.isActive t))
  Object
  (-transact [x o body] (p/-with-queryable x #(p/-transact % o body)))
  (-in-transaction? [_] false)
  nil
  (-transact [x _ _] (throw (not-connectable x)))
  (-in-transaction? [_] false))

;; ---------------------------------------------------------------------------------------------
;; Sessionable: one connection for several calls

(extend-protocol p/Sessionable
  Connection
  (-on-connection [c f] (f c))
  (-with-plain-connection [c f] (f c c))
  (-standard-strings? [c] (not= "off" (.parameter c "standard_conforming_strings")))
  Transaction
  (-on-connection [t f] (f t))
  (-with-plain-connection [t f] (f t (.connection t)))
  (-standard-strings? [t] (p/-standard-strings? (.connection t)))
  Pool
  (-on-connection [pool f] (errors/translating (.session pool (session-body f))))
  (-with-plain-connection [pool f] (errors/translating (.session pool (session-body #(f pool %)))))
  (-standard-strings? [_] true)
  Object
  (-on-connection [x f] (p/-with-queryable x #(p/-on-connection % f)))
  (-with-plain-connection [x f] (p/-with-queryable x #(p/-with-plain-connection % f)))
  (-standard-strings? [_] true)
  nil
  (-on-connection [x _] (throw (not-connectable x)))
  (-with-plain-connection [x _] (throw (not-connectable x)))
  (-standard-strings? [_] true))
