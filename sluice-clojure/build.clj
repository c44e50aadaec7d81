(ns build
  "Compiles the Java core under sluice-clojure (sluice-protocol, sluice-types, sluice-client) into
  target/java-classes, for the Clojure CLI's `prep` of a git dependency (deps.edn). Uses the JDK's
  compiler (javax.tools), so it needs nothing but a JDK 21 or later."
  (:import (java.io File)
           (javax.tools ToolProvider)))

(def ^:private modules
  "The Java modules sluice-clojure depends on, in dependency order, then sluice-clojure's own Java
  classes (io.sluice.internal.clojure, which need Clojure: on this tool's class path)."
  ["sluice-protocol" "sluice-types" "sluice-client" "sluice-clojure"])

(defn- java-sources
  "Every .java file of the modules' main sources but module-info.java: compiled together on the
  class path, as one tree, the three module declarations would clash."
  [root]
  (->> modules
       (map #(File. (str root "/../" % "/src/main/java")))
       (mapcat file-seq)
       (filter #(and (.isFile ^File %) (.endsWith (.getName ^File %) ".java")
                     (not= "module-info.java" (.getName ^File %))))
       (map #(.getPath ^File %))))

(defn compile-java
  "Compiles the Java core into target/java-classes; throws when javac reports errors."
  [_]
  (let [out "target/java-classes"
        sources (java-sources ".")
        javac (or (ToolProvider/getSystemJavaCompiler)
                  (throw (ex-info "no Java compiler: run with a JDK (21 or later), not a JRE" {})))]
    (when (< (.feature (Runtime/version)) 21)
      (throw (ex-info (str "Sluice's Java core needs JDK 21 or later; this is " (Runtime/version)) {})))
    (when (empty? sources)
      (throw (ex-info "no Java sources next to sluice-clojure: is this a checkout of the whole repository?" {})))
    (.mkdirs (File. out))
    (let [status (.run javac nil nil nil
                       (into-array String (concat ["--release" "21" "-nowarn" "-d" out
                                                  "-cp" (System/getProperty "java.class.path")] sources)))]
      (when-not (zero? status)
        (throw (ex-info (str "javac failed (status " status ")") {:status status})))
      (println "compiled" (count sources) "Java sources into" out))))
