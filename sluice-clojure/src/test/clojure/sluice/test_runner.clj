(ns sluice.test-runner
  "Runs the clojure.test suite; called by the JUnit test ClojureSuiteTest (and usable from a REPL)."
  (:require [clojure.string :as str]
            [clojure.test :as t]))

(def main-namespaces
  "Every namespace of the library, loaded with reflection warnings captured."
  '[sluice.codec sluice.impl.errors sluice.impl.values sluice.impl.row sluice.json sluice.builders sluice.impl.query
    sluice.impl.placeholders sluice.impl.statement sluice.impl.options sluice.impl.batch sluice.impl.datafy
    sluice.impl.records sluice.events sluice.protocols sluice.impl.config sluice.impl.extend sluice.copy sluice.notify
    sluice.core sluice.sql sluice.lifecycle sluice.ring sluice.example.server sluice.replication])

(def test-namespaces
  "The clojure.test namespaces of the suite."
  '[sluice.core-test sluice.session-test sluice.row-test sluice.json-test sluice.ring-test sluice.readme-test
    sluice.java-jdbc-test sluice.types-test sluice.kondo-test sluice.next-jdbc-test sluice.sql-test
    sluice.codec-test sluice.timeout-test sluice.protocols-test sluice.replication-test sluice.fleet-test
    sluice.row-vector-test sluice.bounded-errors-test])

(defn- load-checking-reflection
  "Requires the main namespaces and returns the reflection warnings they printed (each file sets\n  *warn-on-reflection*; loaded first, before anything else loads them)."
  []
  (let [w (java.io.StringWriter.)]
    (binding [*err* (java.io.PrintWriter. w true)]
      (apply require main-namespaces))
    (->> (str/split-lines (str w))
         (filter #(str/includes? % "Reflection warning"))
         (vec))))

(defn run-all
  "Loads everything, runs the tests and returns clojure.test's summary with :reflection, the number
  of reflection warnings."
  []
  (let [warnings (load-checking-reflection)
        ;; -Dsluice.clojure.version=1.11: the run must really be on that Clojure
        wanted (System/getProperty "sluice.clojure.version")
        wrong-version (when (and wanted (not (str/starts-with? (clojure-version) (str wanted "."))))
                        (println "WRONG CLOJURE: wanted" wanted "but running" (clojure-version))
                        1)]
    (doseq [w warnings] (println "REFLECTION:" w))
    ;; -Dsluice.clojure.tests=sluice.types-test,sluice.row-test runs only those
    (println "Clojure" (clojure-version))
    (let [chosen (if-let [p (System/getProperty "sluice.clojure.tests")]
                   (mapv symbol (str/split p #","))
                   test-namespaces)]
      (apply require chosen)
      (cond-> (assoc (apply t/run-tests chosen) :reflection (count warnings))
        wrong-version (update :fail + wrong-version)))))
