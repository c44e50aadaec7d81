(ns sluice.readme-test
  "Runs the Clojure examples of the documentation: every ```clojure block of the repository's
  README.md and of each docs/*.md, a document's blocks in order in a scratch namespace of its own,
  with the example URI replaced by the test server's. A `;; => value` comment (at the end of a
  line, or on its own line) asserts that the forms since the previous assertion evaluate, last, to
  `value`."
  (:require [clojure.java.io :as io]
            [clojure.string :as str]
            [clojure.test :refer [deftest is testing]]
            [sluice.test-support :as ts]))

(def example-uri "postgresql://app:secret@localhost:5432/app")

(defn repo-root
  "The repository's root directory (tests run in the module's directory)."
  ^java.io.File []
  (first (filter #(.exists (io/file ^java.io.File % "README.md")) [(io/file "..") (io/file ".")])))

(defn documents
  "README.md, then every docs/*.md in name order, as paths from the repository's root."
  []
  (let [docs (io/file (repo-root) "docs")]
    (cons "README.md"
          (sort (for [^java.io.File f (when (.isDirectory docs) (.listFiles docs))
                      :when (str/ends-with? (.getName f) ".md")]
                  (str "docs/" (.getName f)))))))

(defn clojure-blocks
  "The ```clojure blocks of a Markdown text."
  [text]
  (map second (re-seq #"(?s)```clojure\n(.*?)```" text)))

(defn- eval-all
  "Evaluates every form of `code` in the current namespace; the last value."
  [code]
  (let [r (java.io.PushbackReader. (java.io.StringReader. code))]
    (loop [v nil]
      (let [form (read {:eof ::eof} r)]
        (if (= ::eof form) v (recur (eval form)))))))

(defn run-block
  "Evaluates a block, checking each ;; => assertion with clojure.test/is."
  [doc block]
  (loop [lines (str/split-lines block) pending []]
    (if-let [line (first lines)]
      (if-let [[_ code expected] (re-matches #"(.*?);; => (.*)" line)]
        (let [actual (eval-all (str/join "\n" (conj pending code)))
              expected (read-string expected)]
          (is (= expected actual) (str doc " example:\n" (str/join "\n" (conj pending code))))
          (recur (rest lines) []))
        (recur (rest lines) (conj pending line)))
      (eval-all (str/join "\n" pending)))))

(defn run-document
  "Runs the blocks of `doc` (a path from the repository's root) in order in a fresh namespace; the
  number of blocks."
  [doc]
  (let [blocks (clojure-blocks (slurp (io/file (repo-root) doc)))
        scratch (symbol (str "sluice.doc-scratch." (str/replace doc #"[^A-Za-z0-9]+" "-")))]
    (remove-ns scratch)
    (binding [*ns* (create-ns scratch)]
      (refer-clojure)
      (doseq [b blocks]
        (testing (str doc ": " (first (str/split-lines b)))
          (run-block doc (str/replace b example-uri (ts/uri))))))
    (count blocks)))

(deftest documentation-examples
  (let [counts (into {} (for [d (documents)] [d (run-document d)]))]
    (is (<= 1 (get counts "README.md" 0)) "README.md has a Clojure example")
    (is (<= 8 (get counts "docs/clojure.md" 0)) "docs/clojure.md has its examples")))
