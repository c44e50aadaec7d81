(ns sluice.json
  "JSON and JSONB to and from Clojure data, with Jackson's streaming parser and generator (no
  object mapper). Objects become maps with keyword keys (or string keys by option), arrays
  vectors; java.time values, UUIDs and dates are written as ISO strings. Used for json/jsonb
  columns and parameters, and by sluice.ring."
  (:require [sluice.impl.row :as row]
            [sluice.impl.values :as values])
  (:import (sluice.impl.row Shape)
           (clojure.lang BigInt IReduceInit Keyword Named Ratio Sequential)
           (com.fasterxml.jackson.core JsonFactory JsonGenerator JsonParser JsonToken)
           (com.fasterxml.jackson.core.io SerializedString)
           (io.sluice Row)
           (io.sluice.types BitString Composite Inet Interval MacAddress Range)
           (java.io OutputStream StringWriter)
           (java.math BigDecimal BigInteger)
           (java.time.temporal TemporalAccessor TemporalAmount)
           (java.util Collection Date Map Map$Entry UUID)))

(set! *warn-on-reflection* true)

(def ^JsonFactory factory
  "The Jackson factory every parser and generator comes from (thread-safe)."
  (JsonFactory.))

(declare read-value)

(defn- read-object [^JsonParser p keyword-keys?]
  (loop [m (transient {})]
    (let [t (.nextToken p)]
      (if (identical? t JsonToken/END_OBJECT)
        (persistent! m)
        (let [n (.currentName p)
              k (if keyword-keys? (keyword n) n)]
          (.nextToken p)
          (recur (assoc! m k (read-value p keyword-keys?))))))))

(defn- read-array [^JsonParser p keyword-keys?]
  (loop [v (transient [])]
    (let [t (.nextToken p)]
      (if (identical? t JsonToken/END_ARRAY)
        (persistent! v)
        (recur (conj! v (read-value p keyword-keys?)))))))

(defn- read-value [^JsonParser p keyword-keys?]
  (let [t (.currentToken p)]
    (condp identical? t
      JsonToken/START_OBJECT (read-object p keyword-keys?)
      JsonToken/START_ARRAY (read-array p keyword-keys?)
      JsonToken/VALUE_STRING (.getText p)
      JsonToken/VALUE_NUMBER_INT (let [n (.getNumberValue p)]
                                   (if (instance? BigInteger n) (bigint n) (long n)))
      JsonToken/VALUE_NUMBER_FLOAT (.getDoubleValue p)
      JsonToken/VALUE_TRUE true
      JsonToken/VALUE_FALSE false
      JsonToken/VALUE_NULL nil
      (throw (ex-info (str "unexpected JSON token " t) {:type :sluice/json-error})))))

(defn read-str
  "Parses JSON text into Clojure data. Options: `:keys` `:keyword` (default) or `:string` for
  object keys."
  ([s] (read-str s nil))
  ([^String s opts]
   (with-open [p (.createParser factory s)]
     (.nextToken p)
     (let [v (read-value p (not= :string (:keys opts)))]
       (when (.nextToken p)
         (throw (ex-info "trailing data after a JSON value" {:type :sluice/json-error})))
       v))))

(declare write-value)

(defn- key-name ^String [k]
  (cond (instance? Keyword k) (let [^Keyword k k] (if (namespace k) (str (namespace k) "/" (name k)) (name k)))
        (string? k) k
        :else (str k)))

(def ^:private ^ThreadLocal last-names
  "Per thread, the keys of the last row shape written and their names pre-encoded for Jackson. The
  rows of a result share their shape's keys, so each field name is encoded once per result and then
  copied as quoted UTF-8 bytes, not escaped character by character on every row (that escaping was
  7 % of a 500-row JSON response's CPU in the lab's http-clj-sluice)."
  (ThreadLocal.))

(defn- field-names
  "The pre-encoded names of `ks` (a shape's keys), from the thread's cache when they were the last."
  ^objects [^objects ks]
  (let [^objects cached (.get last-names)]
    (if (and cached (identical? ks (aget cached 0)))
      (aget cached 1)
      (let [names (object-array (alength ks))]
        (dotimes [j (alength ks)]
          (aset names j (SerializedString. (key-name (aget ks j)))))
        (.set last-names (object-array [ks names]))
        names))))

(defn- write-row
  "Writes a lazy row as an object straight from its bytes: JSON columns are copied as raw text
  (no parse), others decoded one by one. No map is built."
  [^JsonGenerator g r]
  (let [^Shape shape (row/row-shape r)
        ^Row view (row/row-view r)
        ^objects ks (.-ks shape)
        ^objects names (field-names ks)
        ^ints cols (.-cols shape)
        ^booleans json (.-json shape)]
    (.writeStartObject g)
    (dotimes [j (alength ks)]
      (let [i (aget cols j)
            v (.get view i)]
        (.writeFieldName g ^SerializedString (aget names j))
        (if (and (aget json i) (instance? String v))
          (.writeRawValue g ^String v)
          (write-value g (if (and (aget json i) (some? v)) (row/value shape view i) v)))))
    (.writeEndObject g)))

(defn write-value
  "Writes one Clojure or Java value with the generator. Throws ex-info for a value with no JSON
  form."
  [^JsonGenerator g v]
  (cond
    (nil? v) (.writeNull g)
    (string? v) (.writeString g ^String v)
    (instance? Long v) (.writeNumber g (long v))
    (instance? Integer v) (.writeNumber g (int v))
    (instance? Double v) (.writeNumber g (double v))
    (instance? Boolean v) (.writeBoolean g (boolean v))
    (keyword? v) (.writeString g (key-name v))
    (row/lazy-row? v) (write-row g v)
    (instance? Map v) (do (.writeStartObject g)
                          (doseq [^Map$Entry e (.entrySet ^Map v)]
                            (.writeFieldName g (key-name (.getKey e)))
                            (write-value g (.getValue e)))
                          (.writeEndObject g))
    (or (instance? Collection v) (instance? Sequential v))
    (do (.writeStartArray g)
        (doseq [x v] (write-value g x))
        (.writeEndArray g))
    (instance? IReduceInit v) (do (.writeStartArray g)
                                  (.reduce ^IReduceInit v (fn [_ x] (write-value g x)) nil)
                                  (.writeEndArray g))
    (instance? BigDecimal v) (.writeNumber g ^BigDecimal v)
    (instance? BigInteger v) (.writeNumber g ^BigInteger v)
    (instance? BigInt v) (.writeNumber g (.toBigInteger ^BigInt v))
    ;; exact when the ratio has a decimal form (1/4), else as near as a double gets (1/3)
    (instance? Ratio v) (let [^Ratio r v
                              d (try (.decimalValue r) (catch ArithmeticException _ nil))]
                          (if d (.writeNumber g ^BigDecimal d) (.writeNumber g (.doubleValue r))))
    (instance? Short v) (.writeNumber g (short v))
    (instance? Float v) (.writeNumber g (float v))
    (instance? TemporalAccessor v) (.writeString g (if-let [inf (values/infinity v)] (name inf) (str v)))
    (instance? Date v) (.writeString g (str (.toInstant ^Date v)))
    (instance? UUID v) (.writeString g (str v))
    (bytes? v) (.writeBinary g ^bytes v)
    (instance? Named v) (.writeString g (str v))
    (.isArray (class v)) (do (.writeStartArray g)
                             (doseq [x (seq v)] (write-value g x))
                             (.writeEndArray g))
    ;; the rest of what a column decodes to, as PostgreSQL's to_json writes it: text, or an
    ;; object for a composite
    (or (instance? TemporalAmount v) (instance? Interval v) (instance? Range v) (instance? Inet v)
        (instance? BitString v) (instance? MacAddress v)) (.writeString g (str v))
    (instance? Composite v) (let [^Composite c v]
                              (.writeStartObject g)
                              (dotimes [i (.size (.names c))]
                                (.writeFieldName g ^String (.get (.names c) i))
                                (write-value g (.get (.values c) i)))
                              (.writeEndObject g))
    :else (throw (ex-info (str "cannot write a " (.getName (class v)) " as JSON")
                          {:type :sluice/json-error :class (class v)}))))

(defn write-str
  "Clojure data as JSON text."
  ^String [v]
  (let [w (StringWriter.)]
    (with-open [g (.createGenerator factory w)]
      (write-value g v))
    (str w)))

(defn write-to
  "Writes data as JSON (UTF-8) to an output stream, without closing it. When writing fails, what the
  generator still buffers is dropped, not flushed, and nothing closes the JSON: the stream never
  gets a truncated document that parses (and a failure within the first few KB sends nothing)."
  [v ^OutputStream out]
  (let [g (.createGenerator factory out)]
    (.disable g com.fasterxml.jackson.core.JsonGenerator$Feature/AUTO_CLOSE_TARGET)
    (write-value g v)
    (.close g)))

(deftype JsonParam [value])

(defn json
  "Marks a value to be sent as a JSON parameter (a map is sent as JSON anyway; use this for a
  vector, which would otherwise become a PostgreSQL array)."
  [value]
  (JsonParam. value))

(defn json-param?
  "Whether x was made by `json`."
  [x]
  (instance? JsonParam x))

(defn param-text
  "The JSON text of a value marked by `json`."
  ^String [^JsonParam p]
  (write-str (.-value p)))
