(ns sluice.test-runner
  "Runs the clojure.test suite; called by the JUnit test ClojureSuiteTest (and usable from a REPL)."
  (:require [clojure.string :as str]
            [clojure.test :as t]))

(def main-namespaces
  "Every namespace of the library, loaded with reflection warnings captured."
  '[sluice.core])

(def test-namespaces
  "The clojure.test namespaces of the suite."
  '[sluice.core-test])

(defn- load-checking-reflection
  "Requires the main namespaces and returns the reflection warnings they printed."
  []
  (let [w (java.io.StringWriter.)]
    (binding [*err* (java.io.PrintWriter. w true)]
      (doseq [n main-namespaces] (require n :reload)))
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
