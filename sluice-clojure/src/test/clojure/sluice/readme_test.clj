(ns sluice.readme-test
  "Runs the Clojure examples of the repository's README.md: every ```clojure block of the Clojure
  section, in order, in one scratch namespace, with the example URI replaced by the test
  server's. A `;; => value` comment (at the end of a line, or on its own line) asserts that the
  forms since the previous assertion evaluate, last, to `value`."
  (:require [clojure.java.io :as io]
            [clojure.string :as str]
            [clojure.test :refer [deftest is testing]]
            [sluice.test-support :as ts]))

(def example-uri "postgresql://app:secret@localhost:5432/app")

(defn readme-file
  "README.md at the repository root (tests run in the module's directory)."
  ^java.io.File []
  (first (filter #(.exists ^java.io.File %) [(io/file "../README.md") (io/file "README.md")])))

(defn clojure-blocks
  "The ```clojure blocks of the README's \"## Clojure\" section."
  [text]
  (let [section (second (re-find #"(?s)\n## Clojure\n(.*?)\n## " text))]
    (map second (re-seq #"(?s)```clojure\n(.*?)```" (or section "")))))

(defn- eval-all
  "Evaluates every form of `code` in the current namespace; the last value."
  [code]
  (let [r (java.io.PushbackReader. (java.io.StringReader. code))]
    (loop [v nil]
      (let [form (read {:eof ::eof} r)]
        (if (= ::eof form) v (recur (eval form)))))))

(defn run-block
  "Evaluates a block, checking each ;; => assertion with clojure.test/is."
  [block]
  (loop [lines (str/split-lines block) pending []]
    (if-let [line (first lines)]
      (if-let [[_ code expected] (re-matches #"(.*?);; => (.*)" line)]
        (let [actual (eval-all (str/join "\n" (conj pending code)))
              expected (read-string expected)]
          (is (= expected actual) (str "README example:\n" (str/join "\n" (conj pending code))))
          (recur (rest lines) []))
        (recur (rest lines) (conj pending line)))
      (eval-all (str/join "\n" pending)))))

(deftest readme-examples
  (let [text (slurp (readme-file))
        blocks (clojure-blocks text)]
    (is (<= 8 (count blocks)) "the README's Clojure section has its examples")
    (binding [*ns* (create-ns 'sluice.readme-scratch)]
      (refer-clojure)
      (doseq [b blocks]
        (testing (first (str/split-lines b))
          (run-block (str/replace b example-uri (ts/uri))))))))
