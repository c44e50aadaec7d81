(ns sluice.replication-test
  "sluice.replication against a PostgreSQL of its own with wal_level = logical."
  (:require [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.replication :as repl])
  (:import (io.sluice.testkit PostgresServer PostgresServer$Options)))

(set! *warn-on-reflection* true)

(def ^:private ^:dynamic ^PostgresServer *pg* nil)

(use-fixtures :once
  (fn [f]
    (with-open [pg (PostgresServer/start (-> (PostgresServer$Options/defaults) (.withTls false)
                                             (.withSetting "wal_level" "logical")))]
      (binding [*pg* pg] (f)))))

(defn- uri [] (.uri *pg*))

(defn- take-until
  "Reduces `changes` into a vector until `done?` holds for it; with `ack?`, acknowledges each
  commit as it comes (while the stream runs: an acknowledgement reaches the server only then)."
  ([reducible done?] (take-until reducible done? false))
  ([reducible done? ack?]
   (reduce (fn [acc c]
             (when (and ack? (= :commit (:op c))) (repl/ack! c))
             (let [acc (conj acc c)] (if (done? acc) (reduced acc) acc)))
           [] reducible)))

(defn- commits [n] (fn [acc] (= n (count (filter #(= :commit (:op %)) acc)))))

(deftest changes-are-maps-and-acknowledged-ones-are-not-sent-again
  (with-open [c (sluice/connect (uri))]
    (sluice/execute! c ["create table items (id int primary key, name text, big text)"])
    (sluice/execute! c ["create publication items_pub for table items"])
    (with-open [r (repl/connect (uri))]
      (is (= "pgoutput" (:plugin (repl/create-slot! r "items")))))
    (sluice/execute! c [(str "insert into items select 1, 'one', string_agg(md5(g::text), '') "
                             "from generate_series(1, 5000) g")])
    (sluice/execute! c ["update items set name = 'uno' where id = 1"])
    (sluice/execute! c ["delete from items where id = 1"])
    (testing "the first transaction, acknowledged"
      (with-open [r (repl/connect (uri))]
        (let [got (take-until (repl/changes r {:slot "items" :publications ["items_pub"] :idle-ms 20000}) (commits 1)
                              true)
              insert (first (filter #(= :insert (:op %)) got))]
          (is (= [:begin :relation :insert :commit] (mapv :op got)))
          (is (= "public.items" (:relation insert)))
          (is (= {:id 1 :name "one"} (select-keys (:new insert) [:id :name])))
          (is (string? (:lsn insert)))
          (is (= (:end-lsn (last got)) (repl/acknowledged (last got))))
          (is (= :sluice/bad-input (:type (ex-data (try (repl/ack! insert) (catch Exception e e))))))
          (is (= :sluice/stream-ended (:type (ex-data (try (repl/ack! (last got)) (catch Exception e e)))))
              "the reduction has ended: the stream is closed"))))
    (testing "resumed: the update (TOAST unchanged) and the delete, not the insert again"
      (with-open [r (repl/connect (uri))]
        (let [got (take-until (repl/changes r {:slot "items" :publications ["items_pub"] :ack :on-commit :idle-ms 20000})
                              (commits 2))
              update (first (filter #(= :update (:op %)) got))
              delete (first (filter #(= :delete (:op %)) got))]
          (is (not-any? #(= :insert (:op %)) got))
          (is (= {:id 1 :name "uno" :big :sluice/unchanged-toast} (:new update)))
          (is (= 1 (:id (:old delete)))))))
    (testing "an idle stream ends after :idle-ms"
      (with-open [r (repl/connect (uri))]
        (is (= [] (into [] (repl/changes r {:slot "items" :publications ["items_pub"] :idle-ms 300}))))))
    (with-open [r (repl/connect (uri))]
      (repl/drop-slot! r "items"))))

(deftest a-failed-stream-says-where-to-resume
  (with-open [c (sluice/connect (uri))]
    (sluice/execute! c ["create table events (id int primary key)"])
    (sluice/execute! c ["create publication events_pub for table events"])
    (with-open [r (repl/connect (uri))]
      (repl/create-slot! r "events"))
    (sluice/execute! c ["insert into events values (1)"])
    (sluice/execute! c ["insert into events values (2)"])
    (let [acked (atom nil)
          e (try
              (with-open [r (repl/connect (uri))]
                (reduce (fn [_ ch]
                          ;; the first commit only: after the walsender is gone nothing more is acknowledged
                          (when (and (= :commit (:op ch)) (nil? @acked))
                            (repl/ack! ch)
                            (reset! acked (:end-lsn ch))
                            (sluice/execute! c ["select pg_terminate_backend($1)" (.processId r)])))
                        nil
                        (repl/changes r {:slot "events" :publications ["events_pub"]})))
              (catch clojure.lang.ExceptionInfo e e))]
      (is (= :sluice/connection-error (:type (ex-data e))))
      (is (= @acked (:last-acknowledged (ex-data e))))
      (with-open [r (repl/connect (uri))]
        (let [got (take-until (repl/changes r {:slot "events" :publications ["events_pub"]
                                               :start-at (:last-acknowledged (ex-data e)) :idle-ms 20000})
                              (commits 1))]
          (is (= [{:id 2}] (keep :new got)))))
      (with-open [r (repl/connect (uri))]
        (repl/drop-slot! r "events")))))
