(ns sluice.lab-drivers-test
  "The lab's Clojure interfaces read the same values as the Java ones: same rows, same checksum."
  (:require [clojure.test :refer [deftest is testing]]
            [sluice.lab-drivers :as ld]
            [sluice.test-support :as ts])
  (:import (io.sluice.bench Datasets Driver Drivers Fold Target Workloads)))

(defn- run-once [^Driver d w]
  (.prepare d w)
  (let [f (Fold.)]
    (.run d w f)
    [(.rows f) (.checksum f)]))

(deftest clojure-interfaces-agree-with-the-java-ones
  (let [target (Target/of (ts/server))]
    (Datasets/ensure target)
    (let [[java-driver] (Drivers/open ["sluice"] target)]
      (try
        (is (= ["clj-sluice" "clj-java.jdbc"] (keys (ld/factories))))
        (is (some #{"clj-sluice"} (Drivers/names)) "the lab finds them on this class path")
        (doseq [[name open] (ld/factories)]
          (with-open [^Driver d (open target)]
            (doseq [w (map #(Workloads/named %) ["int1" "mixed9" "t50k-rows" "ts60"])]
              (testing (str name " " (.name w))
                (is (.supports d w))
                (is (= (run-once java-driver w) (run-once d w)))))
            (is (not (.supports d (Workloads/named "point-seq"))))))
        (finally (.close ^Driver java-driver))))))
