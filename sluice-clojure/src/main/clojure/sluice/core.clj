(ns sluice.core
  "Sluice's Clojure API: connect, run SQL, get data back."
  (:import (io.sluice Connection)))

(set! *warn-on-reflection* true)

(defn connect
  "Opens a connection from a postgresql:// URI or libpq key=value string."
  ^Connection [^String spec]
  (Connection/open spec))
