(ns sluice.kondo-test
  "The clj-kondo configuration shipped in the jar covers every macro of the library, and its hooks
  are valid Clojure that expands as the macro binds. (clj-kondo itself is not on Maven Central, so
  the suite cannot run it; this checks the configuration it would read.)"
  (:require [clojure.edn :as edn]
            [clojure.java.io :as io]
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
