(ns sluice.impl.placeholders
  "The opt-in `?` placeholder mode: `?` becomes `$1`, `$2`… as next.jdbc and HoneySQL write them.
  The rewriting is the JDBC driver's (io.sluice.sql.JdbcSql): strings, quoted identifiers, dollar
  quotes and comments are copied untouched, and `??` stands for a literal `?` (jsonb's `?`, `?|`,
  `?&` operators, as HoneySQL writes them). Values are never put into the SQL."
  (:require [clojure.string :as str]
            [sluice.impl.errors :as errors]
            [sluice.protocols :as p])
  (:import (io.sluice SluiceException)
           (io.sluice.sql JdbcSql RewrittenSql)
           (java.util.concurrent ConcurrentHashMap)))

(set! *warn-on-reflection* true)

(def modes
  "The values of the :placeholders option: PostgreSQL's own `$n` (the default), or `?`."
  #{:dollar :question-mark})

(defn check-mode
  "The mode, after checking it is one."
  [mode]
  (when-not (or (nil? mode) (contains? modes mode))
    (throw (errors/bad-input (str ":placeholders must be :dollar or :question-mark, not " (errors/shown mode))
                             {:option :placeholders :value mode})))
  mode)

;; SQL as given -> SQL to send, so that an application's few statements are scanned once each. SQL
;; never holds NUL (the core refuses it), so a leading NUL marks text read with backslash escapes.
;; Bounded: emptied when full (an application that builds endless distinct SQL only rescans).
(def ^:private ^ConcurrentHashMap rewritten (ConcurrentHashMap.))

(def ^:private cache-limit 4096)

(defn rewrite
  "`sql` with each `?` placeholder numbered `$1`, `$2`…, for statements run on `x` (whose
  session says how to read backslashes in strings: sluice.protocols/-standard-strings?)."
  ^String [x ^String sql]
  (let [standard? (boolean (p/-standard-strings? x))
        k (if standard? sql (str \u0000 sql))]
    (or (.get rewritten k)
        (let [^RewrittenSql r (errors/translating (JdbcSql/rewrite sql standard?))
              v (.sql r)]
          (when (>= (.size rewritten) cache-limit) (.clear rewritten))
          (.put rewritten k v)
          v))))

(defn for-mode
  "The SQL to send for `sql` under `mode`."
  ^String [x mode ^String sql]
  (if (= mode :question-mark) (rewrite x sql) sql))

(defn has-question-marks?
  "Whether `sql` holds a `?` that the `?` mode would number (outside strings, identifiers and
  comments)."
  [^String sql]
  (and (str/includes? sql "?")
       (try (pos? (.parameterCount (JdbcSql/rewrite sql true)))
            (catch SluiceException _ false))))

(def ^:private hint
  (str " (the SQL holds ? placeholders, which PostgreSQL does not read: number them $1, $2…, or turn on"
       " the ? mode with the option {:placeholders :question-mark}, per call or for every call through"
       " (sluice.core/with-options db {:placeholders :question-mark}))"))

(defn- placeholder-error?
  "Whether the error is one a `?` written as a placeholder causes: the server's syntax error
  (42601), or the parameters counted against a statement that has no `$n`."
  [^String message data]
  (or (= :42601 (:sqlstate data))
      (and (= :sluice/value-error (:type data)) (str/starts-with? (str message) "the statement has 0 parameters"))))

(defn explain-syntax-error
  "The message for an error on `sql`: when SQL holding `?` placeholders fails outside the `?`
  mode as such SQL does (see placeholder-error?), a hint naming the mode."
  ^String [^String message data ^String sql mode]
  (if (and (not= mode :question-mark) (placeholder-error? message data) (has-question-marks? sql))
    (str message hint)
    message))
