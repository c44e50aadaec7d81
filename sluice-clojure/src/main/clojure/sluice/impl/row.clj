(ns sluice.impl.row
  "Rows as lazy maps: a LazyRow is a real persistent map over one io.sluice.Row, which keeps the
  server's bytes and decodes a column only when its key is read. Reading is free of allocation
  beyond the decoded value; anything that changes the map (assoc, dissoc, conj) first realises it
  into a plain persistent map, so the result behaves exactly like one."
  (:require [clojure.string :as str]
            [sluice.impl.values :as values]
            [sluice.codec :as codec])
  (:import (clojure.lang AFn APersistentMap ArraySeq IFn IPersistentMap Keyword MapEntry
                         Murmur3 PersistentArrayMap RT)
           (io.sluice Column Row RowSet)
           (java.util HashMap List Map)))

(set! *warn-on-reflection* true)

(def ^:private json-oids
  "json, jsonb and their arrays: read as text by the core, turned into Clojure data here."
  #{(int 114) (int 3802) (int 199) (int 3807)})

;; What every row of one result shares: its keys in column order, the column behind each key, a
;; key -> slot (its place among the keys), which columns hold JSON and how to read it. Built once
;; per result.
;; `plain` holds, per column, how a key's read may take the value the core decoded without the
;; generic conversion (see `plain-kinds`), or 0; `classes` the class such a value must have.
;; `read?` says whether sluice.codec/ReadableColumn is extended to anything at all (else a value
;; goes through it only when its class implements the protocol's interface itself).
(deftype Shape [^objects ks ^ints cols ^HashMap index ^booleans json json-read ^bytes plain ^objects classes read?])

(def ^:private plain-kinds
  "Binary columns whose value a key's read may give as the core decodes it, by type OID: [kind class].
  Kinds 1-5 take it from the core's typed getter, which returns what Row.get would (int4 Integer,
  int8 Long, float8 Double, bool Boolean, text and varchar String); kind 6 from Row.get, when the
  value has the class (numeric is a Double for NaN and the infinities, a codec given by name may
  decode to anything: those take the generic way); kind 7 likewise unless the value is infinite
  (PostgreSQL's `infinity` dates, timestamps and intervals read as keywords). These reads skip the
  generic conversion (JSON, arrays, the infinity check) and the ReadableColumn dispatch when
  nothing extends it for the class."
  {(int 23) [1 Integer], (int 20) [2 Long], (int 701) [3 Double], (int 16) [4 Boolean],
   (int 25) [5 String], (int 1043) [5 String],
   (int 21) [6 Short], (int 700) [6 Float], (int 1700) [6 java.math.BigDecimal], (int 2950) [6 java.util.UUID],
   (int 1083) [6 java.time.LocalTime], (int 1266) [6 java.time.OffsetTime],
   (int 1082) [7 java.time.LocalDate], (int 1114) [7 java.time.LocalDateTime],
   (int 1184) [7 java.time.OffsetDateTime], (int 1186) [7 io.sluice.types.Interval]})

(defn- read-column-extended-at-all?
  "Whether sluice.codec/ReadableColumn has been extended to any class beyond its default for Object."
  []
  (boolean (some #(not= Object %) (keys (:impls codec/ReadableColumn)))))

(defn- read-column-extended-for?
  "Whether sluice.codec/ReadableColumn has been extended to `cls` or a supertype of it other than
  Object, among the classes it was extended to (`extended`): then its values go through it."
  [extended ^Class cls]
  (boolean (some (fn [c] (and (class? c) (not= Object c) (.isAssignableFrom ^Class c cls))) extended)))

(defn column-key
  "The key of a column: its name as a keyword, optionally table-qualified (when `table` is not nil)
  and kebab-cased (underscores become dashes)."
  ^Keyword [^String column-name ^String table kebab?]
  (let [f (if kebab? #(str/replace ^String % \_ \-) identity)]
    (if table
      (keyword (f table) (f column-name))
      (keyword (f column-name)))))

(defn shape
  "The shape of a result with these columns. `table-of` maps a table OID to its name, or is nil for
  unqualified keys; `key-of` makes a column's key from its table's name (or nil) and its name
  (see sluice.builders); `json-read` turns JSON text into data. When two columns have the same
  key, the later one wins (as in a map built from the columns in order)."
  ^Shape [^List columns table-of key-of json-read]
  (let [n (.size columns)
        index (HashMap. (int (* 2 (max n 1))))
        json (boolean-array n)
        plain (byte-array n)
        classes (object-array n)
        extended (keys (:impls codec/ReadableColumn))
        per-column (object-array n)]
    (dotimes [i n]
      (let [^Column c (.get columns i)
            t (when (and table-of (not (zero? (.tableOid c)))) (table-of (.tableOid c)))
            k (key-of t (.name c))]
        (when (contains? json-oids (int (.typeOid c))) (aset json i true))
        (when (.binary c)
          (when-let [[kind cls] (get plain-kinds (int (.typeOid c)))]
            (when-not (read-column-extended-for? extended cls)
              (aset plain i (byte kind))
              (aset classes i cls))))
        (aset per-column i k)
        (.put index k (Integer/valueOf i))))
    (let [visible (filterv (fn [i] (= i (.get index (aget per-column (int i))))) (range n))
          ks (object-array (count visible))
          cols (int-array (count visible))]
      (.clear index)
      (dotimes [j (count visible)]
        (let [i (int (nth visible j))]
          (aset cols j i)
          (aset ks j (aget per-column i))
          (.put index (aget per-column i) (Integer/valueOf j))))
      (Shape. ks cols index json json-read plain classes (read-column-extended-at-all?)))))

(defn shape-keys
  "The keys of a shape, in column order."
  [^Shape s]
  (vec (.-ks s)))

;; A cursor counts the rows a streaming reduction has handed out: a row from plan remembers the
;; count it was made at, and refuses to be read once the cursor moved on (its bytes are gone).
(definterface ICursor
  (^long position [])
  (^long advance []))

(deftype Cursor [^:unsynchronized-mutable ^long n]
  ICursor
  (position [_] n)
  (advance [_] (set! n (inc n)) n))

(definterface Realizable
  (realize [])
  (^io.sluice.Row view [])
  ;; the Clojure value of column i (by column index), kept once decoded if it is JSON or an array
  (column [^long i])
  ;; the Clojure value of the core's non-nil value v of column i, by the generic conversion
  (decoded [^long i v])
  ;; column i's value from the view by Row.get, for kinds 0, 6 and 7 (see `plain-kinds`)
  (object [^io.sluice.Row view ^long i ^long kind])
  ;; the value of the key in slot j (its place among the shape's keys)
  (slot [^long j])
  ;; the slot of key k, or -1
  (^long find [k])
  ;; throws when a row from plan is read after its reduction step
  (check []))

(defn cursor
  "A new cursor for one streaming reduction."
  ^Cursor []
  (Cursor. 0))

(defn- stale! []
  (throw (ex-info (str "a row from plan was used after its reduction step: its bytes were reused for the next row. "
                       "Take the values you need inside the step, or keep (sluice.core/realize row).")
                  {:type :sluice/stale-row})))

(defn- read-value
  "The row's value for the core's non-nil value `v`: infinite dates and timestamps as keywords,
  then through sluice.codec/read-column — skipped, with its dispatch, when nothing extends it and
  the value does not implement it (the default returns the value as it is)."
  [^Shape shape v]
  (let [r (values/result v)]
    (if (or (.-read? shape) (instance? sluice.codec.ReadableColumn r))
      (codec/read-column r)
      r)))

(defn- array->vector
  "A PostgreSQL array (a Java array from the core, nested for several dimensions) as vectors."
  [a]
  (into [] (map #(cond (nil? %) nil
                      (and (.isArray (class %)) (not (bytes? %))) (array->vector %)
                      :else (codec/read-column (values/result %)))) a))

(defn- worth-keeping?
  "Whether a decoded value is one a row keeps once decoded (JSON data, an array as vectors):
  building it again on every read would cost as much as the first time."
  [^Shape shape ^long i v]
  (or (aget ^booleans (.-json shape) i)
      (and (.isArray (.getClass ^Object v)) (not (bytes? v)))))

(defn- convert
  "The Clojure value of the core's non-nil value `v` of column `i`: JSON text becomes data, arrays
  vectors, infinite dates and timestamps keywords, the rest (and array elements) through
  sluice.codec/read-column."
  [^Shape shape ^long i v]
  (cond
    (aget ^booleans (.-json shape) i) (let [read (.-json-read shape)]
                                        (if (instance? String v)
                                          (read v)
                                          (mapv #(when % (read %)) (array->vector v))))
    (and (.isArray (.getClass ^Object v)) (not (bytes? v))) (array->vector v)
    :else (read-value shape v)))

(defn value
  "The value of column `i` of `row` under `shape`: JSON text becomes data, arrays vectors, the
  rest is the core's natural Java value (infinite dates and timestamps `:infinity`/`:-infinity`).
  Decoded again on every call (a lazy row keeps what it decoded: see LazyRow)."
  [^Shape shape ^Row row ^long i]
  (let [v (.get row (int i))]
    (when (some? v) (convert shape i v))))

(declare ->LazyRow)

(def ^:private ^:const SCAN
  "Rows of up to this many columns find a key by reference, in column order, before the hash index."
  16)

(defn- key-position
  "Where key `k` is among `ks` by reference (a function of its own: a loop inside an expression
  would compile to a closure made on every read), or -1; -1 too past SCAN keys."
  ^long [^objects ks k]
  (let [n (alength ks)]
    (if (> n SCAN)
      -1
      (loop [j 0]
        (cond (= j n) -1
              (identical? k (aget ks j)) j
              :else (recur (inc j)))))))

;; A row from a RowSet is held as (set, index): the Row view is made on the first read, so a row
;; that is only passed along costs one small object; reading the last key lets it go (the view
;; keeps every value it decoded: a vector of rows read by key, in order, would otherwise keep all
;; its values alive through the young collections, which cost more than the reads). A row from plan holds its (reused) view.
;; `kept` holds the JSON and array values already decoded, by column (allocated on the first such
;; read, so a row whose JSON and arrays are never read allocates nothing for it): (:doc r) twice is
;; the identical value, and hash or = after a read decode nothing again. Unsynchronised: two
;; threads reading the same new column may both decode it, and either equal value is kept.
(deftype LazyRow [^Shape shape ^:unsynchronized-mutable ^Row row ^RowSet rs ^long idx ^Cursor cursor ^long at meta
                  ^:unsynchronized-mutable ^objects kept ^:unsynchronized-mutable ^long hint]
  clojure.lang.ILookup
  (valAt [this k] (.valAt this k nil))
  (valAt [this k not-found]
    ;; `hint` is the slot of the last key read: keys read in column order are found at the next
    ;; one by reference (keywords are interned), with no search. The rest is in methods of their
    ;; own, so that this one stays small enough for the JIT to inline into its caller.
    (let [^objects ks (.-ks shape)
          h (unchecked-inc hint)]
      (if (and (< h (alength ks)) (identical? k (aget ks h)))
        (.slot this h)
        (let [j (.find this k)]
          (if (neg? j) not-found (.slot this j))))))

  clojure.lang.Associative
  (containsKey [_ k] (.containsKey ^HashMap (.-index shape) k))
  (entryAt [this k]
    (when (.containsKey ^HashMap (.-index shape) k)
      (MapEntry/create k (.valAt this k))))
  (assoc [this k v] (.assoc ^IPersistentMap (.realize this) k v))

  IPersistentMap
  (assocEx [this k v] (.assocEx ^IPersistentMap (.realize this) k v))
  (without [this k] (.without ^IPersistentMap (.realize this) k))

  clojure.lang.IPersistentCollection
  (count [_] (alength ^objects (.-ks shape)))
  (cons [this o] (.cons ^IPersistentMap (.realize this) o))
  (empty [_] {})
  (equiv [this o]
    (and (instance? Map o)
         (or (not (instance? IPersistentMap o)) (instance? clojure.lang.MapEquivalence o))
         (let [^Map m o
               ^objects ks (.-ks shape)]
           (and (= (.size m) (alength ks))
                (loop [j 0]
                  (if (= j (alength ks))
                    true
                    (let [k (aget ks j)]
                      (if (and (.containsKey m k) (clojure.lang.Util/equiv (.valAt this k) (.get m k)))
                        (recur (inc j))
                        false))))))))

  clojure.lang.Seqable
  (seq [this]
    (let [^objects ks (.-ks shape)
          n (alength ks)]
      (when (pos? n)
        (let [a (object-array n)]
          (dotimes [j n]
            (let [k (aget ks j)] (aset a j (MapEntry/create k (.valAt this k)))))
          (ArraySeq/create a)))))

  clojure.lang.Counted
  clojure.lang.MapEquivalence

  clojure.lang.IHashEq
  (hasheq [this] (Murmur3/hashUnordered this))

  clojure.lang.IKVReduce
  (kvreduce [this f init]
    (let [^objects ks (.-ks shape)
          n (alength ks)]
      (loop [j 0 acc init]
        (if (or (= j n) (reduced? acc))
          (if (reduced? acc) @acc acc)
          (let [k (aget ks j)]
            (recur (inc j) (f acc k (.valAt this k))))))))

  IFn
  (invoke [this k] (.valAt this k))
  (invoke [this k not-found] (.valAt this k not-found))
  (applyTo [this args] (AFn/applyToHelper this args))

  clojure.lang.IMeta
  (meta [_] meta)
  clojure.lang.IObj
  (withMeta [this m] (->LazyRow shape (.view this) rs idx cursor at m kept -1))

  Iterable
  (iterator [this]
    (let [^Iterable s (or (.seq this) ())]
      (.iterator s)))

  Map
  (size [_] (alength ^objects (.-ks shape)))
  (isEmpty [_] (zero? (alength ^objects (.-ks shape))))
  (containsValue [this v] (.containsValue ^Map (.realize this) v))
  (get [this k] (.valAt this k))
  (keySet [this] (.keySet ^Map (.realize this)))
  (values [this] (.values ^Map (.realize this)))
  (entrySet [this] (.entrySet ^Map (.realize this)))
  (put [_ _ _] (throw (UnsupportedOperationException. "a row is immutable: use assoc")))
  (remove [_ _] (throw (UnsupportedOperationException. "a row is immutable: use dissoc")))
  (putAll [_ _] (throw (UnsupportedOperationException. "a row is immutable: use merge")))
  (clear [_] (throw (UnsupportedOperationException. "a row is immutable")))

  Object
  (hashCode [this] (APersistentMap/mapHash this))
  (equals [this o] (APersistentMap/mapEquals this o))
  (toString [this] (RT/printString this))

  Realizable
  (realize [this]
    (let [^objects ks (.-ks shape)
          ^ints cols (.-cols shape)
          ^booleans json (.-json shape)
          n (alength ks)
          _ (when (and cursor (not= at (.position cursor))) (stale!))
          view (.view this)
          a (object-array (* 2 n))]
      (dotimes [j n]
        (let [c (aget cols j)]
          (aset a (* 2 j) (aget ks j))
          (aset a (inc (* 2 j))
                (if (zero? (aget ^bytes (.-plain shape) c))
                  ;; what was decoded already is taken; the rest is not kept (the realised map holds it)
                  (let [v (.get view c)]
                    (cond (nil? v) nil
                          (or (aget json c) (.isArray (.getClass ^Object v)))
                          (or (when kept (aget ^objects kept c)) (convert shape c v))
                          :else (read-value shape v)))
                  ;; a column of a plain kind reads as a key's read does
                  (.column this c)))))
      ;; up to 8 keys an array map (column order), past that a hash map, as Clojure does; keys
      ;; are distinct, so the array is used as it is. Not cached: a realised map is usually
      ;; assoc'ed once and dropped, and keeping it would keep a second copy of the row alive.
      (let [m (if (<= n 8) (PersistentArrayMap. a) (clojure.lang.PersistentHashMap/create a))]
        (if meta (with-meta m meta) m))))
  (view [_]
    (if (nil? row)
      (let [r (.view rs (int idx))] (set! row r) r)
      row))
  (find [_ k]
    ;; up to SCAN keys, comparing references beats hashing the key; the index answers equal keys
    ;; that are not identical, and wider rows
    (let [j (key-position (.-ks shape) k)]
      (if (>= j 0)
        j
        (let [s (.get ^HashMap (.-index shape) k)] (if (nil? s) -1 (long (.intValue ^Integer s)))))))
  (check [_]
    (when-not (== at (.position cursor)) (stale!)))
  (slot [this j]
    (set! hint j)
    (when-not (nil? cursor) (.check this))
    (let [v (.column this (aget ^ints (.-cols shape) j))]
      ;; a row of a RowSet lets its view go once its last key is read (see above)
      (when (== j (unchecked-dec (alength ^objects (.-ks shape))))
        (when-not (nil? rs) (set! row nil)))
      v))
  (decoded [_ i v]
    (if (worth-keeping? shape i v)
      (let [^objects memo (or kept (let [m (object-array (alength ^booleans (.-json shape)))]
                                     (set! kept m)
                                     m))]
        (or (aget memo i)
            (let [d (convert shape i v)] (aset memo i d) d)))
      (read-value shape v)))
  (column [this i]
    ;; kinds 1-5 here, the rest in `object`: each method small enough for the JIT to inline
    (let [view (.view this)
          i (int i)
          kind (long (aget ^bytes (.-plain shape) i))]
      (case kind
        1 (when-not (.isNull view i) (Integer/valueOf (.getInt view i)))
        2 (when-not (.isNull view i) (Long/valueOf (.getLong view i)))
        3 (when-not (.isNull view i) (Double/valueOf (.getDouble view i)))
        4 (when-not (.isNull view i) (Boolean/valueOf (.getBoolean view i)))
        5 (.getString view i)
        (.object this view i kind))))
  (object [this view i kind]
    ;; written as nested ifs: `not`, and `or` over values, would box on this path
    (let [i (int i)
          v (.get view i)]
      (if (nil? v)
        nil
        (if (and (> kind 0) (identical? (.getClass ^Object v) (aget ^objects (.-classes shape) i)))
          (if (== kind 6)
            v
            (if (nil? (values/infinity v)) v (.decoded this i v)))
          (.decoded this i v))))))

(defn lazy-row
  "A lazy map over `row`. With a cursor, the row belongs to a streaming reduction and is readable
  only while the cursor is still at `at`."
  ^LazyRow [^Shape shape ^Row row ^Cursor cursor ^long at]
  (LazyRow. shape row nil 0 cursor at nil nil -1))

(defn set-row
  "A lazy map over row `i` of a RowSet (the set keeps the bytes; rows stay valid)."
  ^LazyRow [^Shape shape ^RowSet rs ^long i]
  (LazyRow. shape nil rs i nil 0 nil nil -1))

(defn realize
  "A plain persistent map with every column of the lazy row decoded (array map up to 8 keys, in
  column order)."
  [^LazyRow r]
  (.realize r))

(defn lazy-row?
  "Whether x is a lazy row."
  [x]
  (instance? LazyRow x))

(defn row-shape
  "The shape of a lazy row."
  ^Shape [^LazyRow r]
  (.-shape r))

(defn row-view
  "The io.sluice.Row under a lazy row (checked to be still readable)."
  ^Row [^LazyRow r]
  (let [^Cursor c (.-cursor r)]
    (when (and c (not= (.-at r) (.position c))) (stale!))
    (.view r)))

(defn column-value
  "The Clojure value of column index `i` of a lazy row (checked to be still readable), as a key's
  read gives it."
  [^LazyRow r ^long i]
  (let [^Cursor c (.-cursor r)]
    (when (and c (not= (.-at r) (.position c))) (stale!))
    (.column r i)))

(defmethod print-method LazyRow [^LazyRow r ^java.io.Writer w]
  ;; in column order, formatted exactly like a map
  (print-method (apply array-map (mapcat identity (seq r))) w))
