(ns sluice.builders
  "Row builders, as next.jdbc.result-set names them: how a result's columns become the keys of its
  rows. A builder-fn (the `:builder-fn` option) is called once per result with the result's
  columns (io.sluice.Column) and the options, and returns a `builder`: whether keys need table
  names, and a function of (table-name, column-name) to the key. Rows stay lazy maps whatever the
  builder; the `:keys` modes are these builders, and `:label-fn` / `:qualifier-fn` alone modify the
  `:keys` mode's builder (as as-modified-maps does)."
  (:require [clojure.string :as str]))

(set! *warn-on-reflection* true)

;; `qualified?`: the keys use table names (looked up once per table and connection);
;; `column-key`: (fn [table-name-or-nil column-name] key)
(defrecord Builder [qualified? column-key])

(defn builder
  "A builder: `column-key` makes the key of a column from its table's name (nil when the column
  comes from no table, or when `qualified?` is false) and its name."
  [qualified? column-key]
  (->Builder (boolean qualified?) column-key))

(defn- kebab ^String [^String s] (str/replace s \_ \-))

(defn as-maps
  "Keys qualified by the column's table: `:users/id` (a column of no table: `:n`)."
  [_columns _opts]
  (builder true (fn [t c] (if t (keyword t c) (keyword c)))))

(defn as-unqualified-maps
  "Keys of the column names alone: `:id` (the default)."
  [_columns _opts]
  (builder false (fn [_ c] (keyword c))))

(defn as-kebab-maps
  "Qualified keys in kebab-case: `:user-roles/created-at`."
  [_columns _opts]
  (builder true (fn [t c] (if t (keyword (kebab t) (kebab c)) (keyword (kebab c))))))

(defn as-unqualified-kebab-maps
  "Unqualified keys in kebab-case: `:created-at`."
  [_columns _opts]
  (builder false (fn [_ c] (keyword (kebab c)))))

(defn as-modified-maps
  "Qualified keys through the options' `:qualifier-fn` (on the table name) and `:label-fn` (on the
  column name), each a function of a string to a string."
  [_columns opts]
  (let [qf (or (:qualifier-fn opts) identity)
        lf (or (:label-fn opts) identity)]
    (builder true (fn [t c] (if t (keyword (qf t) (lf c)) (keyword (lf c)))))))

(defn as-unqualified-modified-maps
  "Unqualified keys through the options' `:label-fn`."
  [_columns opts]
  (let [lf (or (:label-fn opts) identity)]
    (builder false (fn [_ c] (keyword (lf c))))))

(def ^:private by-keys-mode
  {:unqualified as-unqualified-maps
   :qualified as-maps
   :kebab as-unqualified-kebab-maps
   :qualified-kebab as-kebab-maps})

(defn- modified
  "The builder of a `:keys` mode with `:label-fn` / `:qualifier-fn` applied after the mode's own
  naming."
  [mode columns opts]
  (let [^Builder b ((by-keys-mode mode) columns opts)
        lf (or (:label-fn opts) identity)
        qf (or (:qualifier-fn opts) identity)
        ck (:column-key b)]
    (builder (:qualified? b)
             (fn [t c]
               (let [^clojure.lang.Keyword k (ck t c)]
                 (if (namespace k) (keyword (qf (namespace k)) (lf (name k))) (keyword (lf (name k)))))))))

(defn for-options
  "The builder for a result with `columns` under `opts`: `:builder-fn`'s, else the `:keys` mode's
  (modified by `:label-fn` / `:qualifier-fn`)."
  ^Builder [columns opts]
  (let [b (if-let [f (:builder-fn opts)]
            (f columns opts)
            (let [mode (or (:keys opts) :unqualified)]
              (if (or (:label-fn opts) (:qualifier-fn opts))
                (modified mode columns opts)
                ((by-keys-mode mode) columns opts))))]
    (when-not (instance? Builder b)
      (throw (ex-info (str "a :builder-fn returns a sluice.builders/builder, not " (pr-str b))
                      {:type :sluice/bad-input :outcome :not-sent :may-have-run? false})))
    b))
