(ns sluice.core-test
  (:require [clojure.test :refer [deftest is]]
            [sluice.core :as sluice])
  (:import (io.sluice.testkit PostgresServer)))

(deftest connects
  (with-open [c (sluice/connect (.uri (PostgresServer/shared)))]
    (is (.isOpen c))))
