(ns sluice.impl.values
  "Clojure forms of the values the Java types leave awkward, both ways: PostgreSQL's `infinity` and
  `-infinity` dates, timestamps and intervals (the Java API's MAX/MIN constants) as the keywords
  `:infinity` and `:-infinity`; an interval printed readably as `#sluice/interval \"1 day
  02:00:00\"` (data_readers.cljc maps the tag to `interval`); java.util.Date,
  java.sql.Timestamp/Date/Time, java.time.Period and Ratio as parameters."
  (:require [sluice.impl.errors :as errors])
  (:import (clojure.lang Ratio)
           (io.sluice.types CodecException Interval)
           (java.time Duration Instant LocalDate LocalDateTime OffsetDateTime Period)))

(set! *warn-on-reflection* true)

(defn- extreme-year? [^long y]
  (or (= y 999999999) (= y -999999999)))

(defn infinity
  "`:infinity` or `:-infinity` for the Java value an infinite date or timestamp decodes to (the
  MAX/MIN constant of LocalDate, LocalDateTime, OffsetDateTime or Instant), else nil."
  [v]
  ;; every value read passes here: compared by exact class (all five are final), since an
  ;; instanceof test against an interface (Temporal) over values of many classes was the single
  ;; largest cost of reading a row by key
  (let [c (.getClass ^Object v)]
    (cond
      ;; MAX and MIN are in the years ±999,999,999: a year short of those is answer enough
      (identical? c LocalDate) (when (extreme-year? (.getYear ^LocalDate v))
                                 (cond (.equals LocalDate/MAX v) :infinity (.equals LocalDate/MIN v) :-infinity))
      (identical? c OffsetDateTime) (when (extreme-year? (.getYear ^OffsetDateTime v))
                                      (cond (.equals OffsetDateTime/MAX v) :infinity
                                            (.equals OffsetDateTime/MIN v) :-infinity))
      (identical? c LocalDateTime) (when (extreme-year? (.getYear ^LocalDateTime v))
                                     (cond (.equals LocalDateTime/MAX v) :infinity
                                           (.equals LocalDateTime/MIN v) :-infinity))
      (identical? c Instant) (cond (.equals Instant/MAX v) :infinity (.equals Instant/MIN v) :-infinity)
      (identical? c Interval) (cond (.equals Interval/INFINITY v) :infinity (.equals Interval/MINUS_INFINITY v) :-infinity)
      :else nil)))

(defmacro ^:private refusing
  "Runs body; the types' CodecException (a value that does not fit) becomes a bad-input ex-info."
  [& body]
  `(try ~@body
        (catch CodecException e# (throw (errors/bad-input (.getMessage e#) {})))))

(defn interval
  "An io.sluice.types.Interval (months, days and microseconds, as PostgreSQL keeps an interval) from
  its PostgreSQL text (`\"1 year 2 mons 3 days 04:05:06\"`, `\"P1DT2H\"`, `\"infinity\"`), a
  java.time.Duration or Period, or an Interval. The reader of the `#sluice/interval` tag."
  ^Interval [x]
  (cond
    (instance? Interval x) x
    (string? x) (refusing (Interval/parse ^String x))
    (instance? Duration x) (refusing (Interval/of ^Duration x))
    (instance? Period x) (refusing (Interval/of ^Period x))
    :else (throw (errors/bad-input (str "an interval is made from its text, a Duration or a Period, not "
                                        (errors/shown x))
                                   {:value x}))))

;; readable: prints as the tag and PostgreSQL's own text, which `interval` reads back
(defmethod print-method Interval [^Interval v ^java.io.Writer w]
  (.write w "#sluice/interval ")
  (print-method (str v) w))

(defn result
  "A value as Clojure reads it: an infinite date or timestamp as its keyword, the rest as is."
  [v]
  (or (infinity v) v))

(defn- ratio-param
  "An exact decimal for a ratio that has one (1/4 is 0.25); 1/3 has none, and guessing a precision
  would change the value silently."
  [^Ratio r]
  (try
    (.decimalValue r)
    (catch ArithmeticException _
      (throw (errors/bad-input (str "the ratio " r " has no exact decimal form; pass (double x), or a BigDecimal "
                                    "of the precision you want: (with-precision 20 (bigdec x))")
                               {:value r})))))

(defn param
  "The parameter the core takes for the values it has no codec for, or v itself: a Ratio as an exact
  BigDecimal (or an error naming it), java.util.Date and java.sql.Timestamp as the instant they
  hold (timestamptz; a Timestamp keeps its nanoseconds), java.sql.Date as LocalDate, java.sql.Time
  as LocalTime, Period as an interval of months and days."
  [v]
  (cond
    (instance? Ratio v) (ratio-param v)
    ;; java.sql's classes first: they extend java.util.Date, and Date.toInstant throws for two of them
    (instance? java.sql.Timestamp v) (.toInstant ^java.sql.Timestamp v)
    (instance? java.sql.Date v) (.toLocalDate ^java.sql.Date v)
    (instance? java.sql.Time v) (.toLocalTime ^java.sql.Time v)
    (instance? java.util.Date v) (.toInstant ^java.util.Date v)
    (instance? Period v) (refusing (Interval/of ^Period v))
    :else v))
