(ns sluice.test-runner
  "Runs the clojure.test suite; called by the JUnit test ClojureSuiteTest (and usable from a REPL)."
  (:require [clojure.string :as str]
            [clojure.test :as t]))

(def main-namespaces
  "Every namespace of the library, loaded with reflection warnings captured."
  '[sluice.codec sluice.impl.errors sluice.impl.row sluice.json sluice.impl.query sluice.core sluice.ring
    sluice.example.server])

(def test-namespaces
  "The clojure.test namespaces of the suite."
  '[sluice.core-test sluice.session-test sluice.row-test sluice.json-test sluice.ring-test sluice.readme-test
    sluice.java-jdbc-test sluice.codec-test])

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
  (let [warnings (load-checking-reflection)]
    (doseq [w warnings] (println "REFLECTION:" w))
    (apply require test-namespaces)
    (assoc (apply t/run-tests test-namespaces) :reflection (count warnings))))
