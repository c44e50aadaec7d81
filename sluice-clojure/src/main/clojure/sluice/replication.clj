(ns sluice.replication
  "Change streams (logical replication with pgoutput) from Clojure, over io.sluice.replication:
  `connect` a replication session, make or drop slots, and reduce over `changes`, a reducible of
  change maps {:op :relation :new :old :lsn …}. Acknowledge with `ack!` (or `:ack :on-commit`):
  the server is told only what was acknowledged, so after a failure — an ex-info whose ex-data
  has :last-acknowledged — resuming from that position (`:start-at`) delivers nothing acknowledged
  again and loses nothing else. No core.async; the stream's buffer is bounded, and a slow reducing
  function slows the server down."
  (:require [sluice.impl.config :as config]
            [sluice.impl.errors :as errors])
  (:import (clojure.lang IReduceInit)
           (io.sluice.replication AckMode Change Change$Begin Change$BeginPrepare Change$Commit
                                  Change$CommitPrepared Change$Delete Change$Insert Change$Message Change$Origin
                                  Change$Prepare Change$Relation Change$RollbackPrepared Change$StreamAbort
                                  Change$StreamCommit Change$StreamPrepare Change$StreamStart Change$StreamStop
                                  Change$Truncate Change$Type Change$Update ChangeStream ChangeStreamException CreatedSlot
                                  Lsn ReplicationConnection SlotOptions StreamOptions Tuple)
           (java.time Duration)
           (java.util Map$Entry)))

(set! *warn-on-reflection* true)

(defn connect
  "Opens a replication session (an io.sluice.replication.ReplicationConnection, AutoCloseable)
  from a connection spec (URI, key=value string or settings map, as sluice.core/connect takes).
  The role needs the REPLICATION attribute and the server wal_level = logical."
  ^ReplicationConnection [spec]
  (errors/translating (ReplicationConnection/open (config/config spec))))

(defn create-slot!
  "CREATE_REPLICATION_SLOT name LOGICAL pgoutput; `:temporary? true` for one that goes with the
  session. Returns {:slot :consistent-point :snapshot :plugin}."
  ([repl slot] (create-slot! repl slot {}))
  ([^ReplicationConnection repl ^String slot {:keys [temporary?]}]
   (let [^CreatedSlot s (errors/translating (.createSlot repl slot (if temporary? SlotOptions/TEMPORARY SlotOptions/PERMANENT)))]
     {:slot (.name s) :consistent-point (str (.consistentPoint s)) :snapshot (.snapshotName s)
      :plugin (.outputPlugin s)})))

(defn drop-slot!
  "DROP_REPLICATION_SLOT name WAIT: waits until no session streams from it."
  [^ReplicationConnection repl ^String slot]
  (errors/translating (.dropSlotWaiting repl slot))
  nil)

(defn- tuple-map [^Tuple t]
  (when t
    (persistent!
     (reduce (fn [m ^Map$Entry e]
               (let [v (.getValue e)]
                 (assoc! m (keyword (.getKey e)) (if (identical? v Tuple/UNCHANGED_TOAST) :sluice/unchanged-toast v))))
             (transient {})
             (.entrySet (.toMap t))))))

(defn- relation-name [^Change$Relation r]
  (.qualifiedName r))

(defn- lsn-str [^Lsn l]
  (some-> l str))

(defn change->map
  "A change as a map: :op (:begin :commit :relation :type :insert :update :delete :truncate :message
  :origin :stream-start :stream-stop :stream-commit :stream-abort :begin-prepare :prepare
  :commit-prepared :rollback-prepared :stream-prepare), :lsn (\"X/Y\"), and by kind :relation
  (\"schema.table\"), :new and :old (maps of keyword columns; a TOASTed value an UPDATE did not
  change is :sluice/unchanged-toast, never nil), :xid, :end-lsn, :time, :gid, :prefix, :content."
  [^Change c]
  (let [base {:lsn (lsn-str (.lsn c))}]
    (condp instance? c
      Change$Insert (let [^Change$Insert i c]
                      (assoc base :op :insert :relation (relation-name (.relation i)) :new (tuple-map (.row i))
                             :xid (.xid i)))
      Change$Update (let [^Change$Update u c]
                      (assoc base :op :update :relation (relation-name (.relation u)) :new (tuple-map (.row u))
                             :old (tuple-map (.old u)) :xid (.xid u)))
      Change$Delete (let [^Change$Delete d c]
                      (assoc base :op :delete :relation (relation-name (.relation d)) :old (tuple-map (.old d))
                             :xid (.xid d)))
      Change$Begin (let [^Change$Begin b c]
                     (assoc base :op :begin :xid (.xid b) :final-lsn (lsn-str (.finalLsn b)) :time (.commitTime b)))
      Change$Commit (let [^Change$Commit k c]
                      (assoc base :op :commit :end-lsn (lsn-str (.endLsn k)) :time (.commitTime k)))
      Change$Relation (let [^Change$Relation r c]
                        (assoc base :op :relation :relation (relation-name r)
                               :columns (mapv #(.name ^io.sluice.replication.RelationColumn %) (.columns r))))
      Change$Truncate (let [^Change$Truncate t c]
                        (assoc base :op :truncate :relations (mapv relation-name (.relations t))
                               :cascade? (.cascade t) :restart-identity? (.restartIdentity t)))
      Change$Message (let [^Change$Message m c]
                       (assoc base :op :message :prefix (.prefix m) :content (.content m)
                              :transactional? (.transactional m)))
      Change$Type (let [^Change$Type t c] (assoc base :op :type :type (str (.namespace t) "." (.name t))))
      Change$Origin (let [^Change$Origin o c] (assoc base :op :origin :origin (.name o)))
      Change$StreamStart (let [^Change$StreamStart s c] (assoc base :op :stream-start :xid (.xid s)))
      Change$StreamStop (assoc base :op :stream-stop)
      Change$StreamCommit (let [^Change$StreamCommit s c]
                            (assoc base :op :stream-commit :xid (.xid s) :end-lsn (lsn-str (.endLsn s))))
      Change$StreamAbort (let [^Change$StreamAbort s c] (assoc base :op :stream-abort :xid (.xid s)))
      Change$BeginPrepare (let [^Change$BeginPrepare p c] (assoc base :op :begin-prepare :xid (.xid p) :gid (.gid p)))
      Change$Prepare (let [^Change$Prepare p c]
                       (assoc base :op :prepare :xid (.xid p) :gid (.gid p) :end-lsn (lsn-str (.endLsn p))))
      Change$CommitPrepared (let [^Change$CommitPrepared p c]
                              (assoc base :op :commit-prepared :xid (.xid p) :gid (.gid p)
                                     :end-lsn (lsn-str (.endLsn p))))
      Change$RollbackPrepared (let [^Change$RollbackPrepared p c]
                                (assoc base :op :rollback-prepared :xid (.xid p) :gid (.gid p)
                                       :end-lsn (lsn-str (.endLsn p))))
      Change$StreamPrepare (let [^Change$StreamPrepare p c]
                             (assoc base :op :stream-prepare :xid (.xid p) :gid (.gid p)
                                    :end-lsn (lsn-str (.endLsn p))))
      (assoc base :op :unknown))))

(defn ack!
  "Acknowledges a change map from `changes` — a :commit (or :stream-commit, a non-transactional
  :message, :prepare, :commit-prepared, :rollback-prepared) — and everything before it: the
  server may forget it, and it is never delivered again. Call it once the change is durably
  handled, inside the reduction: once it has ended the stream is closed, and an acknowledgement
  no longer reaches the server, so it is refused (an ex-info of :type :sluice/stream-ended: resume
  with :start-at instead, where that transaction comes again). Other changes cannot be
  acknowledged alone (a bad-input ex-info)."
  [change]
  (let [{::keys [^ChangeStream stream ^Change change]} (meta change)]
    (when-not stream
      (throw (errors/bad-input "ack! takes a change map from sluice.replication/changes" {})))
    (try
      (.ack stream change)
      (catch IllegalArgumentException e
        (throw (errors/bad-input (.getMessage e) {:op (:op (change->map change))})))
      (catch IllegalStateException e
        (throw (ex-info (.getMessage e) {:type :sluice/stream-ended :outcome :not-sent :may-have-run? false} e))))
    nil))

(defn- stream-options ^StreamOptions [{:keys [slot publications start-at ack binary? messages? streaming?
                                              two-phase? buffer]}]
  (when-not (and (string? slot) (seq publications) (every? string? publications))
    (throw (errors/bad-input "changes needs :slot (a string) and :publications (strings)" {})))
  (cond-> (StreamOptions/of ^String slot ^"[Ljava.lang.String;" (into-array String publications))
    start-at (.startAt (if (instance? Lsn start-at) start-at (Lsn/parse (str start-at))))
    (= ack :on-commit) (.ackMode AckMode/ON_COMMIT)
    (some? binary?) (.binary (boolean binary?))
    (some? messages?) (.messages (boolean messages?))
    (some? streaming?) (.streaming (boolean streaming?))
    two-phase? (.twoPhase true)
    buffer (.buffer (int buffer) (* 16 1024 1024))))

(def ^:private ends-a-transaction #{:commit :stream-commit :prepare :stream-prepare :commit-prepared :rollback-prepared})

(defn- acknowledgeable? [m]
  (or (contains? ends-a-transaction (:op m))
      (and (= :message (:op m)) (not (:transactional? m)))))

(defn- failure [^ChangeStreamException e]
  (let [x (errors/ex e)]
    (ex-info (ex-message x) (assoc (ex-data x) :last-acknowledged (str (.lastAcknowledged e))) e)))

(defn changes
  "A reducible (IReduceInit) of change maps (see `change->map`) from START_REPLICATION on `repl`:
  reducing it starts the stream, and it runs until the reducing function returns `reduced`, or
  for :idle-ms with no change (when given), or the session fails — then an ex-info whose ex-data
  has :last-acknowledged, the position to pass as :start-at on a new session. The stream is
  closed (CopyDone) when the reduction ends. A session streams once: reduce again on a new one.

  opts: :slot, :publications (required); :start-at (\"X/Y\", default where the slot is); :ack
  (:manual, the default: call `ack!`; :on-commit: each commit once the function returned from it);
  :binary?, :messages?, :streaming?, :two-phase?; :buffer (changes held, 1024); :idle-ms."
  [^ReplicationConnection repl opts]
  (let [options (stream-options opts)
        idle-ms (:idle-ms opts)
        on-commit? (= :on-commit (:ack opts))]
    (reify IReduceInit
      (reduce [_ f init]
        (with-open [^ChangeStream stream (errors/translating (.start repl options))]
          (let [poll (Duration/ofMillis (long (if idle-ms (min 200 (long idle-ms)) 1000)))]
            (loop [acc init
                   idle-since (System/nanoTime)]
              (let [c (try (.poll stream poll)
                           (catch ChangeStreamException e (throw (failure e))))]
                (cond
                  (some? c)
                  (let [m (change->map c)
                        acc (f acc (with-meta m {::stream stream ::change c}))]
                    ;; :on-commit: the function is done with it once it returned, reduced or not
                    (when (and on-commit? (acknowledgeable? m))
                      (.ack stream ^Change c))
                    (if (reduced? acc) @acc (recur acc (System/nanoTime))))

                  (and idle-ms (> (- (System/nanoTime) idle-since) (* 1000000 (long idle-ms))))
                  acc

                  :else (recur acc idle-since))))))))))

(defn acknowledged
  "The last acknowledged position of a change map's stream, \"X/Y\"."
  [change]
  (some-> ^ChangeStream (::stream (meta change)) .acknowledged str))
