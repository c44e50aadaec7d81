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
  "README.md, then every docs/*.md in name order."
  []
  (let [root (repo-root)
        docs (io/file root "docs")]
    (cons (io/file root "README.md")
          (sort-by #(.getName ^java.io.File %)
                   (filter #(str/ends-with? (.getName ^java.io.File %) ".md")
                           (when (.isDirectory docs) (.listFiles docs)))))))

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
  "Runs a document's blocks in order in a fresh namespace; the number of blocks."
  [^java.io.File doc]
  (let [blocks (clojure-blocks (slurp doc))
        scratch (symbol (str "sluice.doc-scratch." (str/replace (.getName doc) #"[^A-Za-z0-9]+" "-")))]
    (remove-ns scratch)
    (binding [*ns* (create-ns scratch)]
      (refer-clojure)
      (doseq [b blocks]
        (testing (str (.getName doc) ": " (first (str/split-lines b)))
          (run-block (.getName doc) (str/replace b example-uri (ts/uri))))))
    (count blocks)))

(deftest documentation-examples
  (let [counts (into {} (for [d (documents)] [(.getName ^java.io.File d) (run-document d)]))]
    (is (<= 1 (get counts "README.md" 0)) "README.md has a Clojure example")
    (is (<= 8 (get counts "clojure.md" 0)) "docs/clojure.md has its examples")))
