(ns sluice.fleet-test
  "Reads on standbys from Clojure: a pool with read_routing over a real primary and standby."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice])
  (:import (io.sluice.testkit Fleet Fleet$Options)))

(set! *warn-on-reflection* true)

(def ^:private ^:dynamic ^Fleet *fleet* nil)

(use-fixtures :once
  (fn [f]
    (with-open [fleet (Fleet/start (.withStandbys (Fleet$Options/defaults) 1))]
      (binding [*fleet* fleet] (f)))))

(def ^:private where "select pg_is_in_recovery() as standby")

(deftest read-only-statements-go-to-a-standby-and-see-the-pools-writes
  (with-open [p (sluice/pool (.conninfo *fleet* "read_routing=prefer-standby") {:max-size 2})]
    (sluice/execute! p ["create table if not exists notes (id int primary key, body text)"])
    (testing "writes and statements without :read-only go to the primary"
      (is (false? (:standby (sluice/execute-one! p [where])))))
    (testing ":read-only true sends execute!, execute-one! and plan to the standby"
      (is (true? (:standby (sluice/execute-one! p [where] {:read-only true}))))
      (is (= [true] (mapv :standby (sluice/execute! p [where] {:read-only true}))))
      (is (= [true] (into [] (map :standby) (sluice/plan p [where] {:read-only true})))))
    (testing "a read right after a write sees it (read-your-writes)"
      (dotimes [i 50]
        (sluice/execute! p ["insert into notes values ($1, $2)" i (str "note " i)])
        (is (= (str "note " i) (:body (sluice/execute-one! p ["select body from notes where id = $1" i]
                                                           {:read-only true}))))))
    (testing "with-transaction {:read-only true} runs on the standby"
      (is (true? (sluice/with-transaction [tx p {:read-only true}]
                   (:standby (sluice/execute-one! tx [where]))))))
    (testing "pool-hosts shows both servers and the calls routed there"
      (let [hosts (sluice/pool-hosts p)
            by-role (group-by :role hosts)]
        (is (= 2 (count hosts)))
        (is (= 1 (count (:primary by-role))) (pr-str hosts))
        (is (= 1 (count (:standby by-role))) (pr-str hosts))
        (is (every? :up? hosts))
        (is (number? (:lag-ms (first (:standby by-role)))))
        (is (<= 53 (:reads (first (:standby by-role)))))
        (is (<= 51 (:writes (first (:primary by-role)))))))))

(deftest read-only-is-refused-where-it-cannot-route
  (with-open [c (sluice/connect (.uri (.primary *fleet*)))]
    (let [e (is (thrown? clojure.lang.ExceptionInfo (sluice/execute! c [where] {:read-only true})))]
      (is (re-find #"routes the statements of a pool" (ex-message e)))))
  (with-open [p (sluice/pool (.uri (.primary *fleet*)) {:max-size 1})]
    (is (= [] (sluice/pool-hosts p)) "a pool that does not route has no hosts to show")
    (is (false? (:standby (sluice/execute-one! p [where] {:read-only true})))
        "read_routing=primary: read-only work runs on the primary")))

(defn- await-hosts
  "Polls pool-hosts until `ok?` holds for them (bounded: 30 s); returns them."
  [p ok?]
  (let [end (+ (System/nanoTime) 30e9)]
    (loop []
      (let [hosts (sluice/pool-hosts p)]
        (cond (ok? hosts) hosts
              (> (System/nanoTime) end) (throw (ex-info "pool-hosts never got there" {:hosts hosts}))
              :else (do (Thread/sleep 50) (recur)))))))

(deftest a-paused-standby-shows-why-it-is-stalled
  (with-open [p (sluice/pool (.conninfo *fleet* "read_routing=prefer-standby") {:max-size 2})]
    (let [standby (fn [hosts] (first (filter #(= :standby (:role %)) hosts)))]
      (is (nil? (:stalled (standby (await-hosts p standby)))) "a standby that keeps up is not stalled")
      (.psql (.standby *fleet* 0) "SELECT pg_wal_replay_pause()")
      (try
        (sluice/execute! p ["create table if not exists stall_marks (n int)"])
        (let [hosts (await-hosts p (fn [hs] (some? (:stalled (standby hs)))))]
          (is (re-find #"paused" (:stalled (standby hosts))) (pr-str hosts))
          (is (false? (:standby (sluice/execute-one! p [where] {:read-only true})))
              "read-only work goes to the primary while the only standby is stalled"))
        (finally
          (.psql (.standby *fleet* 0) "SELECT pg_wal_replay_resume()")))
      (is (nil? (:stalled (standby (await-hosts p (fn [hs] (nil? (:stalled (standby hs))))))))
          "resumed, it is fit again"))))
