(ns sluice.kondo-test
  "The clj-kondo configuration shipped in the jar covers every macro of the library, and its hooks
  are valid Clojure that expands as the macro binds. (clj-kondo itself is not on Maven Central, so
  the suite cannot run it; this checks the configuration it would read.) And what clj-kondo's
  :unused-namespace, :unused-referred-var and :unused-import linters would find fails here:
  every namespace of the library and of the suite uses what its ns form requires and imports."
  (:require [clojure.edn :as edn]
            [clojure.java.io :as io]
            [clojure.string :as str]
            [clojure.test :refer [deftest is testing]]
            [sluice.test-runner :as runner]))

(def ^:private export "clj-kondo.exports/io.sluice/sluice-clojure/")

(defn- config []
  (edn/read-string (slurp (io/resource (str export "config.edn")))))

(defn- library-macros
  "Every macro (public or private) of the library's namespaces, as qualified symbols."
  []
  (apply require runner/main-namespaces)
  (for [n runner/main-namespaces
        [sym v] (ns-interns n)
        :when (:macro (meta v))]
    (symbol (str n) (str sym))))

(deftest every-macro-is-configured
  (let [cfg (config)
        covered (set (concat (keys (:lint-as cfg))
                             (keys (get-in cfg [:hooks :macroexpand]))
                             (keys (get-in cfg [:hooks :analyze-call]))))
        macros (library-macros)]
    (is (seq macros))
    (doseq [m macros]
      (is (contains? covered m) (str m " has no clj-kondo configuration: add it to " export "config.edn")))))

(deftest hooks-expand-as-the-macros-bind
  (doseq [[macro hook] (get-in (config) [:hooks :macroexpand])]
    (testing (str macro " -> " hook)
      (let [file (str export (-> (namespace hook) (.replace \. \/) (.replace \- \_)) ".clj")]
        (is (io/resource file) (str "the hook's file " file " is in the jar"))
        (load-string (slurp (io/resource file)))
        (is (:macro (meta (resolve hook))) (str hook " is a macro")))))
  (testing "with-transaction binds its symbol and keeps the body"
    (is (= '(clojure.core/let [tx db] opts (f tx))
           (macroexpand-1 '(hooks.sluice.core/with-transaction [tx db opts] (f tx)))))))

;; ---------------------------------------------------------------------------------------------
;; unused requires and imports

(defn- source-forms
  "The forms of namespace n's source, read as its own code is (its aliases for ::alias/keys)."
  [n]
  (let [path (str (-> (name n) (.replace \. \/) (.replace \- \_)) ".clj")]
    (binding [*ns* (the-ns n) *read-eval* false]
      (with-open [r (java.io.PushbackReader. (io/reader (io/resource path)))]
        (doall (take-while #(not= ::eof %) (repeatedly #(read {:eof ::eof} r))))))))

(defn- names-in
  "Every name a form can use a require or an import by: the namespace and name of each symbol
  (`q/execute`, `Connection/open`, `Connection.` as `Connection`), the namespace of each keyword
  (`::q/x` reads as `:sluice.impl.query/x`), in metadata too (`^Connection`)."
  [form]
  (let [seen (java.util.HashSet.)]
    (letfn [(walk [x]
              (when (instance? clojure.lang.IMeta x) (some-> (meta x) walk))
              (cond
                (symbol? x) (let [n (name x)]
                              (some->> (namespace x) (.add seen))
                              (.add seen (if (and (str/ends-with? n ".") (> (count n) 1)) (subs n 0 (dec (count n))) n)))
                (keyword? x) (some->> (namespace x) (.add seen))
                (map? x) (doseq [[k v] x] (walk k) (walk v))
                (coll? x) (doseq [e x] (walk e))))]
      (walk form))
    (set seen)))

(defn- clauses
  "The arguments of the ns form's (:require …) or (:import …) clauses."
  [ns-form k]
  (mapcat rest (filter #(and (seq? %) (= k (first %))) ns-form)))

(defn- unused
  "What the ns form of namespace n requires or imports that its code never uses; a require with
  neither :as nor :refer loads a namespace for what loading does, and counts as used."
  [n]
  (let [[ns-form & body] (source-forms n)
        used (names-in body)]
    (concat
     (for [spec (clauses ns-form :require)
           :let [[lib & {:keys [as refer]}] (if (vector? spec) spec [spec])]
           problem (concat
                    (when (and as (not (used (name as))) (not (used (name lib))))
                      [(str "requires " lib " :as " as " but never uses it")])
                    (for [r (when (sequential? refer) refer) :when (not (used (name r)))]
                      (str "refers " lib "/" r " but never uses it")))]
       problem)
     (for [spec (clauses ns-form :import)
           [package classes] [(if (sequential? spec)
                                [(name (first spec)) (rest spec)]
                                (let [s (name spec) i (.lastIndexOf s ".")] [(subs s 0 i) [(symbol (subs s (inc i)))]]))]
           c classes
           :when (not (or (used (name c)) (used (str package "." c))))]
       (str "imports " package "." c " but never uses it")))))

(deftest no-unused-requires-or-imports
  (apply require (concat runner/main-namespaces runner/test-namespaces))
  (doseq [n (concat runner/main-namespaces runner/test-namespaces '[sluice.test-support sluice.test-runner])]
    (is (empty? (unused n)) (str n ": " (str/join "; " (unused n))))))

(deftest the-unused-check-finds-what-it-should
  (let [n (create-ns 'sluice.kondo-test.sample)]
    (binding [*ns* n]
      (refer-clojure)
      (let [forms (read-string (str "[(ns sluice.kondo-test.sample (:require [clojure.string :as str] [clojure.set :as set]"
                                    " [clojure.walk :refer [postwalk prewalk]]) (:import (java.util List Map) java.time.Duration))"
                                    " (defn f ^Map [] (str/join [(prewalk identity 1) (Duration/ofSeconds 1)]))]"))]
        (with-redefs [source-forms (constantly forms)]
          (is (= ["requires clojure.set :as set but never uses it"
                  "refers clojure.walk/postwalk but never uses it"
                  "imports java.util.List but never uses it"]
                 (vec (unused n)))))))))
