(ns sluice.core
  "Sluice's Clojure API: a thin, data-first layer over io.sluice.Connection.

  - `connect` opens a connection from a URI string or a map; it is `with-open`-friendly.
  - `execute!`, `execute-one!` and `plan` take anything connectable (a connection, a URI string
    or a map, which open and close a connection around the call) and SQL as a string or a
    [sql & params] vector (`$1`, `$2`… placeholders), as HoneySQL's `format` returns it.
  - Rows are lazy maps: keyword keys in column order, a column decoded only when its key is
    read. `plan` streams rows through a reduction without building them.
  - Errors are ex-info; see sluice.impl.errors/ex for their ex-data.

  Each function is a short one over sluice.protocols (extended in sluice.impl.extend); COPY lives
  in sluice.copy and LISTEN/NOTIFY in sluice.notify, whose functions are re-exported here."
  (:require [clojure.string :as str]
            [sluice.copy :as copy]
            [sluice.impl.batch :as batch]
            [sluice.impl.config :as config]
            [sluice.impl.datafy]
            [sluice.impl.errors :as errors]
            [sluice.impl.extend]
            [sluice.impl.options :as options]
            [sluice.impl.placeholders :as placeholders]
            [sluice.impl.query :as q]
            [sluice.impl.records :as records]
            [sluice.impl.row :as row]
            [sluice.impl.statement :as statement]
            [sluice.impl.values :as values]
            [sluice.json :as json]
            [sluice.notify :as notify]
            [sluice.protocols :as p])
  (:import (io.sluice Connection ConnectionConfig HostStats Pool PoolOptions Transaction$Body TxOptions TxOptions$Isolation)
           (java.time Duration)))

(set! *warn-on-reflection* true)

;; ---------------------------------------------------------------------------------------------
;; connecting

(defn config
  "An io.sluice.ConnectionConfig from a spec: a postgresql:// URI, a libpq key=value string, a
  jdbc:postgresql:// URL, or a map of libpq settings (`:host`, `:port`, `:dbname`, `:user`,
  `:password`, `:sslmode`, `:application-name`…; dashes stand for underscores), optionally with
  `:uri` holding a connection string the other keys add to, `:listener` a function of event
  maps or an EventListener (see sluice.events), and `:codecs`, a map of PostgreSQL type name to
  io.sluice.types.Codec (see sluice.codec). An unknown setting is an error naming it; the
  password never appears in any message."
  ^ConnectionConfig [spec]
  (config/config spec))

(defn connect
  "Opens a connection (an io.sluice.Connection, AutoCloseable: use `with-open`) from a URI
  string, a key=value string or a map of settings (see `config`). A connection is safe to share
  between threads: concurrent statements are pipelined on it."
  ^Connection [spec]
  (config/connect spec))

;; ---------------------------------------------------------------------------------------------
;; statements

(defn prepare
  "Prepares a statement on the server now (one round trip) and returns it; pass it to
  `execute!`, `execute-one!` or `plan` with a vector of parameters instead of sql-params. The
  server infers the parameter types. `connectable` is an open connection, a transaction (run the
  statement from its thread) or a pool (each call runs on whichever connection the pool gives
  it). Option: `:placeholders :question-mark` (`?` for `$n`)."
  ([connectable sql] (prepare connectable sql nil))
  ([connectable sql opts]
   (let [opts (options/merged connectable opts #{:placeholders})]
     (q/check-options opts #{:placeholders})
     (when-not (string? sql) (throw (errors/bad-input "prepare takes a SQL string" {})))
     (p/-prepare (options/unwrap connectable) sql (placeholders/check-mode (:placeholders opts))))))

(defn execute!
  "Runs one statement and returns its rows as a vector of lazy maps (or, for a statement that
  returns no rows, [{:sluice/update-count n}]).

  `connectable`: a connection, a transaction, a pool, a prepared statement (then sql-params is a
  vector of parameters), a URI string or a settings map, or any of these through `with-options`.
  `sql-params`: \"sql\" or [\"sql\" p1 p2 …] with $1, $2… (or ? with `:placeholders`).

  Options:
  - `:placeholders` `:dollar` (default) or `:question-mark`: `?` placeholders numbered for you
    (strings, quoted identifiers, dollar quotes and comments skipped; `??` is a literal `?`);
  - `:builder-fn` (see sluice.builders), `:label-fn`, `:qualifier-fn`: how columns become keys;
  - `:keys` `:unqualified` (default, `:id`), `:qualified` (`:users/id`, the table's name),
    `:kebab` (`:created-at`) or `:qualified-kebab`;
  - `:json-keys` `:keyword` (default) or `:string`: keys of JSON objects read from json/jsonb;
  - one result shape, computed as the rows are walked (no intermediate vector):
    `:as :rows` (default), `:maps` (plain realised maps), `:first`, `:column` (the first column of
    each row), `:vectors` (a header of keys, then one vector per row);
    `:index-by f` ({(f row) row}), `:group-by f` ({(f row) [rows]}), `:kv [kf vf]`
    ({(kf row) (vf row)}), `:reduce [f init]` (optionally with `:xform xf`: a transduction), or
    `:xform xf` alone (into a vector);
  - `:read-only true` on a pool with `read_routing`: the statement goes to a standby (the pool's
    read-only view; reads see the pool's own earlier writes, see docs/fleet.md)."
  ([connectable sql-params] (execute! connectable sql-params nil))
  ([connectable sql-params opts]
   (statement/call 'sluice.core/execute! connectable sql-params opts (into q/query-options statement/query-options)
                   (fn [x opts] (statement/run x sql-params opts #(q/execute % opts))))))

(defn execute-one!
  "Runs one statement and returns its first row as a lazy map, or nil when there is none (for a
  statement without rows, {:sluice/update-count n}). Takes execute!'s `:keys`, `:json-keys`,
  `:placeholders`, `:builder-fn`, `:label-fn` and `:qualifier-fn`."
  ([connectable sql-params] (execute-one! connectable sql-params nil))
  ([connectable sql-params opts]
   (statement/call 'sluice.core/execute-one! connectable sql-params opts (into q/plan-options statement/query-options)
                   (fn [x opts] (statement/run x sql-params opts #(q/execute % (assoc opts :as :first)))))))

(defn plan
  "Returns a reducible (IReduceInit) that, each time it is reduced, runs the statement and streams
  its rows through the reduction as they arrive, in constant memory, without building them: a
  row is a lazy map valid only during its reduction step (take the values you need, or keep
  `(realize row)`). Works with reduce, transduce, into (with a transducer), run!. Takes `:keys`,
  `:json-keys`, `:placeholders`, `:builder-fn`, `:label-fn`, `:qualifier-fn`. A spec (string or
  map) opens a connection for each reduction; a pool lends one connection for it, so that a slow
  reduction holds up no other caller. On a connection, a statement run from inside a step on that
  same connection fails at once (its reply would queue behind the rows not yet read)."
  ([connectable sql-params] (plan connectable sql-params nil))
  ([connectable sql-params opts]
   (statement/plan 'sluice.core/plan connectable sql-params opts)))

(defn realize
  "A plain persistent map with every column of a lazy row decoded; any other map as is."
  [r]
  (if (row/lazy-row? r) (row/realize r) r))

(defn lazy-row?
  "Whether x is a lazy row from execute!, execute-one! or plan."
  [x]
  (row/lazy-row? x))

(defn interval
  "An io.sluice.types.Interval, what an interval column reads as (months, days and microseconds,
  as PostgreSQL keeps it; `.toDuration`, `.toPeriod`), from PostgreSQL's text (\"1 day 02:00:00\",
  \"P1DT2H\"), a java.time.Duration or Period. It prints as `#sluice/interval \"1 day 02:00:00\"`,
  which reads back; as a parameter it is the interval, and so are Duration and Period."
  [x]
  (values/interval x))

(defn json
  "Marks a value to be sent as a JSON parameter. Maps are sent as JSON without it; use it for a
  vector (else sent as a PostgreSQL array) or a string holding a JSON string."
  [value]
  (json/json value))

;; ---------------------------------------------------------------------------------------------
;; batches

(defn batch!
  "Sends several statements together in one round trip and returns one result per statement
  (as execute! returns them, default shape), in order. Each of `statements` is a SQL string or a
  [sql & params] vector. `connectable`: a connection, a transaction (the batch runs inside it), a
  pool (on one connection borrowed for the batch) or a spec.

  Without options each statement runs on its own: an error in one leaves the others alone, and
  its place in the result holds its ex-info (not thrown; `:index` and `:sql` in its ex-data; it
  prints as `#sluice/failed {…}`). With `{:atomic? true}` the batch is one implicit transaction:
  all apply, or none does and the error is thrown (`:index` in its ex-data is the statement that
  failed). Options `:keys`, `:json-keys` as for execute!, and `:placeholders`."
  ([connectable statements] (batch! connectable statements nil))
  ([connectable statements opts]
   (statement/call 'sluice.core/batch! connectable statements opts (into q/plan-options (conj statement/options :atomic?))
                   (fn [x opts] (p/-with-plain-connection x #(batch/run %1 %2 statements opts))))))

(defn execute-batch!
  "Runs one parameterised statement once for each group of parameters (a sequence of vectors),
  sent together in one round trip, all or nothing (one implicit transaction; inside a
  transaction, part of it). A single-row `insert … values (…)` goes as multi-row inserts (one
  statement per 64 rows; io.sluice.Connection#executeMany). Returns the update count of each
  group, in order (for merged inserts 1, or -1 when some rows of its statement were skipped by an
  `on conflict do nothing`); for a statement that returns rows (`insert … returning id`), every
  group's rows in one vector. Takes a connection, transaction, pool or spec, and execute!'s
  `:keys`, `:json-keys`, `:placeholders`, `:timeout`."
  ([connectable sql param-groups] (execute-batch! connectable sql param-groups nil))
  ([connectable sql param-groups opts]
   (statement/call 'sluice.core/execute-batch! connectable (into [sql] param-groups) opts
                   (into q/plan-options statement/options)
                   (fn [x opts]
                     (p/-with-plain-connection x #(batch/execute-batch %1 %2 (options/timeout opts) sql param-groups opts))))))

(defn execute-script!
  "Runs SQL holding several statements separated by semicolons (a migration, a schema) through
  the simple query protocol, in one round trip, and returns one map per statement:
  `{:sluice/command \"CREATE TABLE\" :sluice/update-count n}`, with `:sluice/rows` (values as
  the server's text) for statements that return rows. Without an explicit BEGIN/COMMIT the
  script is one implicit transaction: when a statement fails, none of them applies. No
  parameters. Takes a connection, transaction, pool or spec."
  [connectable ^String sql]
  (when-not (string? sql) (throw (errors/bad-input "execute-script! takes SQL as a string" {})))
  (options/logged connectable 'sluice.core/execute-script! [sql]
                  (fn []
                    (statement/annotating sql nil
                      (p/-with-queryable (options/unwrap connectable) #(batch/script % sql))))))

;; ---------------------------------------------------------------------------------------------
;; the pool

(defn- duration
  "A java.time.Duration from milliseconds or a Duration."
  ^Duration [k v]
  (cond (instance? Duration v) v
        (and (integer? v) (not (neg? v))) (Duration/ofMillis (long v))
        :else (throw (errors/bad-input (str k " is a number of milliseconds or a java.time.Duration, not " (errors/shown v))
                                       {:option k}))))

(def ^:private pool-options
  {:min-size (fn [^PoolOptions o v] (.minSize o (int v)))
   :max-size (fn [^PoolOptions o v] (.maxSize o (int v)))
   :max-waiters (fn [^PoolOptions o v] (.maxWaiters o (int v)))
   :acquire-timeout (fn [^PoolOptions o v] (.acquireTimeout o (duration :acquire-timeout v)))
   :max-lifetime (fn [^PoolOptions o v] (.maxLifetime o (duration :max-lifetime v)))
   :idle-timeout (fn [^PoolOptions o v] (.idleTimeout o (duration :idle-timeout v)))
   :validate-after-idle (fn [^PoolOptions o v] (.validateAfterIdle o (duration :validate-after-idle v)))
   :leak-threshold (fn [^PoolOptions o v] (.leakThreshold o (duration :leak-threshold v)))
   :close-timeout (fn [^PoolOptions o v] (.closeTimeout o (duration :close-timeout v)))})

(defn pool
  "Opens a pool of connections (an io.sluice.Pool, AutoCloseable) from a spec (see `config`).
  A pool is a value you pass wherever a connection goes: `execute!`, `execute-one!`, `plan`,
  `with-transaction`, `copy-in!`… Independent statements go to the least busy connection and are
  pipelined there; a transaction borrows one connection for its whole life.

  Options (durations in milliseconds or as java.time.Duration): `:min-size` (1), `:max-size`
  (10), `:acquire-timeout` (30 s), `:max-waiters` (10,000), `:max-lifetime` (30 min, with
  jitter), `:idle-timeout` (10 min), `:validate-after-idle` (5 s), `:leak-threshold` (off),
  `:close-timeout` (30 s)."
  (^Pool [spec] (pool spec nil))
  (^Pool [spec opts]
   (options/check-keys opts (set (keys pool-options)) "pool")
   (let [^PoolOptions o (reduce-kv (fn [o k v] ((pool-options k) o v)) PoolOptions/DEFAULT (or opts {}))]
     (errors/translating (Pool/open (config spec) o)))))

(defn pool-hosts
  "For a pool with `read_routing` (`prefer-standby` or `standby`), each server as the pool last
  found it, a vector of maps: `:host` (\"db2:5432\"), `:role` (`:primary`, `:standby`,
  `:read-only-primary`, `:unknown`), `:up?`, `:lag-ms` (a standby's lag, else nil), `:position`,
  `:reads` and `:writes` (calls routed there), `:connections` (as `pool-stats`), `:last-error`,
  `:stalled` (why a standby that is up cannot catch up now — replay paused, no WAL receiver, replay
  not moving while the primary writes — or nil: such a standby takes no reads and no read waits for
  it). Empty for a pool that does not route."
  [^Pool p]
  (mapv (fn [^HostStats h]
          {:host (str (.host h))
           :role (keyword (str/lower-case (str/replace (str (.role h)) \_ \-)))
           :up? (.up h)
           :lag-ms (when-let [^java.time.Duration d (.orElse (.lag h) nil)] (.toMillis d))
           :position (.position h)
           :reads (.reads h)
           :writes (.writes h)
           :connections (records/record->map (.connections h))
           :last-error (.lastError h)
           :stalled (.stalled h)})
        (.hosts p)))

(defn pool-stats
  "A snapshot of a pool's counters as a map (sizes, waits, timeouts, errors), the PoolStats
  record's fields as kebab-case keywords: `:open`, `:idle`, `:borrowed`, `:in-flight`, `:opening`,
  `:waiting`, `:acquired`, `:timeouts`, `:opened`, `:closed`, `:evicted`, `:connect-failures`,
  `:last-error`."
  [^Pool p]
  (records/record->map (.stats p)))

;; ---------------------------------------------------------------------------------------------
;; transactions

(def ^:private isolation-levels
  {:read-committed TxOptions$Isolation/READ_COMMITTED
   :read-uncommitted TxOptions$Isolation/READ_COMMITTED   ; PostgreSQL runs it as read committed
   :repeatable-read TxOptions$Isolation/REPEATABLE_READ
   :serializable TxOptions$Isolation/SERIALIZABLE})

(def ^:private tx-option-keys
  ;; :read-only and :rollback-only are next.jdbc's spellings, taken beside ours
  #{:isolation :read-only? :deferrable? :rollback-only? :retries :read-only :rollback-only :timeout})

(defn- next-jdbc-names
  "Options with next.jdbc's spellings under ours; :isolation :none (next.jdbc: the default) dropped."
  [opts]
  (cond-> (dissoc opts :read-only :rollback-only)
    (contains? opts :read-only) (assoc :read-only? (or (:read-only? opts) (boolean (:read-only opts))))
    (contains? opts :rollback-only) (assoc :rollback-only? (or (:rollback-only? opts) (boolean (:rollback-only opts))))
    (= :none (:isolation opts)) (dissoc :isolation)))

(defn- tx-options ^TxOptions [opts]
  (options/check-keys opts tx-option-keys "transaction")
  (let [{:keys [isolation read-only? deferrable? retries]} (next-jdbc-names opts)]
    (when (and isolation (not (isolation-levels isolation)))
      (throw (errors/bad-input (str "unknown :isolation " (errors/shown isolation) "; known: "
                                    (str/join ", " (sort (keys isolation-levels))))
                               {:option :isolation})))
    (when (and retries (not (and (integer? retries) (<= 0 retries))))
      (throw (errors/bad-input (str ":retries is a count, 0 or more, not " (errors/shown retries)) {:option :retries})))
    (cond-> TxOptions/DEFAULT
      isolation (.isolation ^TxOptions$Isolation (isolation-levels isolation))
      read-only? (.readOnly true)
      deferrable? (.deferrable true)
      retries (.retries (int retries))
      (:timeout opts) (.timeout (options/timeout opts)))))

(def ^:private ^:dynamic *active-tx*
  "The transactions running on this thread, and the connections and pools they run on."
  #{})

(defn active-tx?
  "Whether a transaction begun by `with-transaction` / `transact` is running on this thread; with
  an argument, whether one runs on it (a transaction, or the connection or pool it was begun on)."
  ([] (boolean (seq *active-tx*)))
  ([connectable]
   (let [x (options/unwrap connectable)]
     (or (p/-in-transaction? x) (contains? *active-tx* x)))))

(defn- tx-body ^Transaction$Body [f rollback-only? connectable]
  (reify Transaction$Body
    (run [_ tx]
      (let [v (binding [*active-tx* (conj *active-tx* tx (options/unwrap connectable))]
                (f (options/rewrap connectable tx)))]
        (if rollback-only?
          (throw (ex-info "rollback-only" {::rollback-only v}))
          v)))))

(defn transact
  "Calls (f tx) in a transaction and returns its value: committed when f returns, rolled back
  when it throws (the exception is rethrown). `connectable` is a connection, a pool (which lends
  one connection for the transaction), a spec, or a transaction — then this one is nested in it,
  through a savepoint, and only `:rollback-only?` applies. The transaction `tx` goes wherever a
  connection goes (`execute!`, `plan`, `copy-in!`…) and must be used from this thread only.

  Options: `:isolation` (`:read-committed`, `:repeatable-read`, `:serializable`),
  `:read-only?`, `:deferrable?`, `:rollback-only?` (roll back even when f returns: for tests and
  dry runs), `:retries` n (on a serialization failure or deadlock, SQLSTATE 40001 / 40P01, roll
  back and run f again, up to n more times: f must then tolerate being repeated), `:timeout`
  (seconds, or a java.time.Duration: the whole transaction, from begin to commit, in place of
  query_timeout for each statement; past it the statement running is cancelled and the
  transaction rolls back). next.jdbc's
  `:read-only`, `:rollback-only` and `:isolation :none` are taken too. Through a `with-options`
  wrapper, `tx` carries the wrapper's options."
  ([connectable f] (transact connectable f nil))
  ([connectable f opts]
   (let [o (tx-options opts)
         body (tx-body f (:rollback-only? (next-jdbc-names opts)) connectable)]
     (try
       (errors/translating (p/-transact (options/unwrap connectable) o body))
       (catch clojure.lang.ExceptionInfo e
         (let [d (ex-data e)]
           (if (contains? d ::rollback-only) (::rollback-only d) (throw e))))))))

(defmacro with-transaction
  "(with-transaction [tx connectable opts] body…): runs body in a transaction bound to `tx`; see
  `transact` for the options and nesting. Committed when body returns, rolled back when it
  throws."
  [[sym connectable opts] & body]
  `(transact ~connectable (fn [~sym] ~@body) ~opts))

;; ---------------------------------------------------------------------------------------------
;; wrappers and borrowed connections

(defn with-options
  "`connectable` with default options for every call through it (execute!, execute-one!, plan,
  batch!, prepare, sluice.sql…): each call merges its own options over these, keeping those it
  takes (so {:keys :kebab :placeholders :question-mark} serves all). A transaction begun on it
  carries them too. Wrapping a wrapper adds to its options."
  [connectable opts]
  (options/wrap connectable opts))

(defn with-logging
  "`connectable` calling `sql-logger` before each statement, as (sql-logger op sql-params) where op
  names the function (`'sluice.core/execute!`…), and, if given, `result-logger` after it, as
  (result-logger op state result) where state is what sql-logger returned and result the
  function's value or the exception it throws. sql-params is the call's SQL argument: [sql & params]
  or a string, batch!'s statements, [sql & groups] for execute-batch!. Keeps the options of a with-options wrapper; a
  transaction begun on it logs too. To see every statement of a connection or pool, whatever the
  call, give its settings a `:listener` instead (sluice.events)."
  ([connectable sql-logger] (with-logging connectable sql-logger nil))
  ([connectable sql-logger result-logger]
   (when-not (and (ifn? sql-logger) (or (nil? result-logger) (ifn? result-logger)))
     (throw (errors/bad-input "with-logging takes a sql-logger function and an optional result-logger function" {})))
   (options/with-loggers connectable {:sql sql-logger :result result-logger})))

(defn on-connection*
  "Calls (f connection) and returns its value: a connection or a transaction as it is, a
  connection borrowed from a pool for f alone (its session state reset when given back), or one
  opened from a spec and closed after. Options of a with-options wrapper carry over."
  [connectable f]
  (p/-on-connection (options/unwrap connectable) #(f (options/rewrap connectable %))))

(defmacro on-connection
  "(on-connection [conn connectable] body…): body with `conn` bound to a connection from
  `connectable`; see on-connection*. A pool lends one connection for the body: statements in it
  share that connection's session (SET, temporary tables)."
  [[sym connectable] & body]
  `(on-connection* ~connectable (fn [~sym] ~@body)))

(defmacro with-connection
  "(with-connection [conn connectable] body…): the same as on-connection (a connection from a
  pool is borrowed for the body and given back; one opened from a spec is closed after)."
  [[sym connectable] & body]
  `(on-connection* ~connectable (fn [~sym] ~@body)))

;; ---------------------------------------------------------------------------------------------
;; COPY (sluice.copy) and LISTEN/NOTIFY (sluice.notify), here as they always were

(def copy-in! copy/copy-in!)
(def copy-out! copy/copy-out!)
(def listen! notify/listen!)
(def poll! notify/poll!)
(def notify! notify/notify!)

;; the docs and arglists of the originals, for doc and editors
(doseq [[v from] [[#'copy-in! #'copy/copy-in!] [#'copy-out! #'copy/copy-out!]
                  [#'listen! #'notify/listen!] [#'poll! #'notify/poll!] [#'notify! #'notify/notify!]]]
  (alter-meta! v merge (select-keys (meta from) [:doc :arglists])))
