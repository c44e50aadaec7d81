(ns sluice.copy
  "COPY from Clojure: `copy-in!` from readers, streams, strings, bytes, or rows as vectors or maps
  encoded by Sluice; `copy-out!` into writers and streams, or a query's rows as maps decoded from
  COPY's binary format. sluice.core re-exports both."
  (:require [clojure.string :as str]
            [sluice.impl.errors :as errors]
            [sluice.impl.extend]
            [sluice.impl.options :as options]
            [sluice.impl.query :as q]
            [sluice.impl.row :as row]
            [sluice.impl.statement :as statement]
            [sluice.protocols :as p])
  (:import (io.sluice Connection CopyFormat Row)
           (java.io InputStream OutputStream Reader Writer)
           (java.util.function Consumer)))

(set! *warn-on-reflection* true)

(def ^:private copy-formats {:text CopyFormat/TEXT :csv CopyFormat/CSV :binary CopyFormat/BINARY})

(defn- column-name
  "The column a key names, as results name their keys: a keyword's name with dashes for
  underscores (`:created-at` and `:users/created-at` are created_at); a string as it is."
  ^String [k]
  (cond (keyword? k) (str/replace (name k) \- \_)
        (string? k) k
        :else (throw (errors/bad-input (str "a column name is a keyword or a string, not " (errors/shown k)) {}))))

(defn- map-row
  "The values of a map row in the order of `cols`; a key that is not one of them is an error (it
  would be dropped silently), a column the map lacks is NULL."
  ^objects [r cols ^long row-number]
  (let [width (count cols)
        a (object-array width)
        found (loop [i 0 found 0]
                (if (= i width)
                  found
                  (let [e (find r (nth cols i))]
                    (when e (aset a i (q/param (val e))))
                    (recur (inc i) (if e (inc found) found)))))]
    (when (< found (count r))
      (let [extra (remove (set cols) (keys r))]
        (throw (errors/bad-input (str "row " row-number " has " (str/join ", " (map pr-str extra))
                                      ", not among the columns " (errors/shown cols)
                                      "; copy-in! takes the columns from :columns or the first row: pass :columns with every key")
                                 {:columns cols :keys (vec extra)}))))
    a))

(defn copy-in!
  "COPY into the database; returns the number of rows copied.

  - (copy-in! db \"copy t from stdin (format csv)\" source): `source` is a java.io.Reader, an
    InputStream, a String or a byte array, holding data in the COPY statement's format.
  - (copy-in! db \"t\" rows opts): `rows` is a sequence of vectors (values in `:columns` order) or
    of maps (keyed by the columns); Sluice encodes each value by its column's type. Options:
    `:columns` (keywords or strings; for maps, by default the keys of the first map; a later map
    with another key is an error, never dropped, and a key it lacks is NULL), `:format` `:binary`
    (default), `:text` or `:csv`. A keyword names a column as result keys do (`:created-at` and
    `:users/created-at` are created_at); a string is the column's name as it is. The table name is
    written into the SQL as given (quote it yourself if it needs quoting); column names are quoted
    by Sluice.

  A bad row or a failing source ends the COPY with an error and nothing is copied; the connection
  stays usable. `db` is a connection, transaction, pool or spec."
  ([connectable copy-sql source] (copy-in! connectable copy-sql source nil))
  ([connectable ^String sql-or-table source opts]
   (when-not (string? sql-or-table)
     (throw (errors/bad-input "copy-in! takes a COPY statement or a table name as a string" {})))
   (cond
     (or (instance? Reader source) (instance? InputStream source) (string? source) (bytes? source))
     (do (when (seq opts)
           (throw (errors/bad-input "options apply to copy-in! of rows, not of a stream" {})))
         (p/-with-plain-connection (options/unwrap connectable)
           (fn [_ ^Connection c]
             (errors/translating
              (cond (instance? Reader source) (.from (.copy c) sql-or-table ^Reader source)
                    (string? source) (.from (.copy c) sql-or-table (java.io.StringReader. ^String source))
                    (bytes? source) (.from (.copy c) sql-or-table (java.io.ByteArrayInputStream. ^bytes source))
                    :else (.from (.copy c) sql-or-table ^InputStream source))))))

     (or (sequential? source) (nil? source) (instance? Iterable source))
     (do
       (options/check-keys opts #{:columns :format} "copy-in!")
       (let [fmt (get copy-formats (or (:format opts) :binary))
             _ (when-not fmt
                 (throw (errors/bad-input (str "unknown :format " (errors/shown (:format opts)) "; known: :binary, :csv, :text")
                                          {:option :format})))
             first-row (first source)
             cols (vec (or (:columns opts) (when (map? first-row) (keys first-row))))
             _ (when (empty? cols)
                 (throw (errors/bad-input "copy-in! of row vectors needs :columns" {:option :columns})))
             names (mapv column-name cols)
             width (count cols)
             row-number (volatile! 0)
             as-row (fn [r]
                      (vswap! row-number inc)
                      (cond
                        (map? r) (map-row r cols @row-number)
                        (sequential? r) (let [a (object-array (map q/param r))]
                                          (when-not (= width (alength a))
                                            (throw (errors/bad-input (str "a row has " (alength a) " values for "
                                                                          width " columns: " (errors/shown r))
                                                                     {})))
                                          a)
                        :else (throw (errors/bad-input (str "a row is a vector or a map, not " (errors/shown r)) {}))))]
         (p/-with-plain-connection (options/unwrap connectable)
           (fn [_ ^Connection c]
             (errors/translating
              (.fromRows (.copy c) sql-or-table ^java.util.List names fmt
                         ^Iterable (eduction (map as-row) (or source []))))))))

     :else
     (throw (errors/bad-input (str "copy-in! reads a Reader, an InputStream, a string, bytes, or a sequence of rows, not "
                                   (.getName (class source)))
                              {})))))

(declare copy-out-with-params copy-out-sql)

(defn copy-out!
  "COPY out of the database.

  - (copy-out! db \"copy t to stdout (format csv)\" target): writes the data into `target`, a
    java.io.Writer or an OutputStream (not closed); returns the number of rows.
  - (copy-out! db \"select …\" ) or (copy-out! db query opts): runs the query as a binary COPY and
    returns its rows as a vector of plain maps (`:keys` as for execute!). Faster than a query
    for big results; the rows are decoded lazily from COPY's binary format as they arrive.
  - (copy-out! db [\"select … where x = $1\" x] opts): a query with parameters, which COPY does
    not take (values are never written into SQL): it runs as a query streamed through `plan`,
    with the same result.

  `db` is a connection, transaction, pool or spec."
  ([connectable query] (copy-out! connectable query nil))
  ([connectable sql target-or-opts]
   (if (vector? sql)
     (copy-out-with-params connectable sql target-or-opts)
     (copy-out-sql connectable sql target-or-opts))))

(defn- copy-out-with-params [connectable sql-params opts]
  (when-not (or (nil? opts) (map? opts))
    (throw (errors/bad-input (str "COPY takes no parameters, so a query with parameters cannot be copied into a "
                                  (.getName (class opts)) ": drop the parameters, or take the rows (an options map)")
                             {})))
  (options/check-keys opts #{:keys :json-keys} "copy-out!")
  (if (next sql-params)
    (into [] (map row/realize) (statement/plan 'sluice.core/plan connectable sql-params opts))
    (copy-out-sql connectable (first sql-params) opts)))

(defn- copy-out-sql
  ([connectable ^String sql target-or-opts]
   (when-not (string? sql)
     (throw (errors/bad-input "copy-out! takes a SQL string or a [sql & params] vector" {})))
   (let [target target-or-opts]
     (cond
       (or (instance? Writer target) (instance? OutputStream target))
       (p/-with-plain-connection (options/unwrap connectable)
         (fn [_ ^Connection c]
           (errors/translating
            (if (instance? Writer target)
              (.to (.copy c) sql ^Writer target)
              (.to (.copy c) sql ^OutputStream target)))))

       (or (nil? target) (map? target))
       (let [opts target]
         (options/check-keys opts #{:keys :json-keys} "copy-out!")
         (p/-with-plain-connection (options/unwrap connectable)
           (fn [_ ^Connection c]
             (let [out (volatile! (transient []))
                   shape (volatile! nil)]
               (when (#{:qualified :qualified-kebab} (:keys opts))
                 (errors/translating (q/load-table-names! c (.columns (.prepare c sql)))))
               (errors/translating
                (.toRows (.copy c) sql
                         (reify Consumer
                           (accept [_ r]
                             (let [^Row r r
                                   s (or @shape (vreset! shape (q/make-shape c (.columns r) opts)))]
                               (vswap! out conj! (row/realize (row/lazy-row s r nil 0))))))))
               (persistent! @out)))))

       :else
       (throw (errors/bad-input (str "copy-out! writes to a Writer or an OutputStream, or returns rows given an options map, not "
                                     (.getName (class target)))
                                {}))))))
