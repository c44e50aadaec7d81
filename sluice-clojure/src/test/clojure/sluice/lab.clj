(ns sluice.lab
  "Runs the lab (io.sluice.lab.Lab) with this module's class path, so that its Clojure interfaces
  (sluice.lab-drivers) take part: `bin/sluice lab` runs this."
  (:import (io.sluice.lab Lab)))

(defn -main [& args]
  (Lab/main (into-array String args))
  (shutdown-agents))
