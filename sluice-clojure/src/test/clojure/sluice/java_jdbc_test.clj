(ns sluice.java-jdbc-test
  "Issue 13's proof from Clojure: org.clojure/java.jdbc, unchanged, over sluice-jdbc (the driver
  pgjdbc users already configure), against the real server."
  (:require [clojure.java.jdbc :as jdbc]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.test-support :as support])
  (:import (io.sluice ConnectionConfig)
           (io.sluice.jdbc SluiceDataSource)
           (java.net URLEncoder)
           (java.nio.charset StandardCharsets)
           (java.sql SQLException)))

(set! *warn-on-reflection* true)

(defn- enc ^String [^String s] (URLEncoder/encode s StandardCharsets/UTF_8))

(defn- jdbc-url
  "jdbc:sluice:postgresql://host:port/db?user=…&password=… for the shared test server."
  ^String []
  (let [pg (support/server)
        c (ConnectionConfig/parse (support/uri))]
    (str "jdbc:sluice:postgresql://" (.host pg) ":" (.port pg) "/" (.database pg)
         "?user=" (enc (.user c))
         (when-let [p (.orElse (.password c) nil)] (str "&password=" (enc p))))))

(def ^:dynamic *db* nil)

(use-fixtures :once
  (fn [f]
    (binding [*db* {:datasource (doto (SluiceDataSource.) (.setUrl (jdbc-url)))}]
      (jdbc/db-do-commands *db* ["drop table if exists jj_fruit"
                                 "create table jj_fruit (id serial primary key, name text not null unique,
                                    cost numeric(6,2), added date default current_date)"])
      (try (f) (finally (jdbc/db-do-commands *db* ["drop table jj_fruit"]))))))

(deftest insert-query-update-delete
  (let [[a] (jdbc/insert! *db* :jj_fruit {:name "apple" :cost 1.25M})
        more (jdbc/insert-multi! *db* :jj_fruit [{:name "pear" :cost 2.5M} {:name "plum" :cost nil}])]
    (is (integer? (:id a)) "generated keys come back")
    (is (= 2 (count more)))
    (is (= [{:name "apple" :cost 1.25M}]
           (jdbc/query *db* ["select name, cost from jj_fruit where name = ?" "apple"])))
    (is (= [1] (jdbc/update! *db* :jj_fruit {:cost 3.00M} ["name = ?" "pear"])))
    (is (= 3.00M (:cost (first (jdbc/query *db* ["select cost from jj_fruit where name = ?" "pear"])))))
    (is (= [1] (jdbc/delete! *db* :jj_fruit ["name = ?" "plum"])))
    (is (= ["apple" "pear"] (jdbc/query *db* ["select name from jj_fruit order by name"] {:row-fn :name})))))

(deftest batches-and-transactions
  (testing "execute! with several parameter groups runs them as one batch"
    (is (= [1 1 1] (jdbc/execute! *db* ["insert into jj_fruit (name) values (?)" ["fig"] ["kiwi"] ["lime"]]
                                  {:multi? true}))))
  (testing "a transaction rolled back leaves nothing"
    (jdbc/with-db-transaction [tx *db*]
      (jdbc/insert! tx :jj_fruit {:name "mango"})
      (is (= 1 (count (jdbc/query tx ["select 1 from jj_fruit where name = 'mango'"]))))
      (jdbc/db-set-rollback-only! tx))
    (is (empty? (jdbc/query *db* ["select 1 from jj_fruit where name = 'mango'"]))))
  (testing "an error inside a transaction rolls it back and reaches the caller as an SQLException"
    (is (thrown? SQLException
                 (jdbc/with-db-transaction [tx *db*]
                   (jdbc/insert! tx :jj_fruit {:name "melon"})
                   (jdbc/insert! tx :jj_fruit {:name "melon"}))))
    (is (empty? (jdbc/query *db* ["select 1 from jj_fruit where name = 'melon'"])))))

(deftest metadata-and-lazy-results
  (testing "table metadata through the driver's DatabaseMetaData"
    (is (some #{"jj_fruit"}
              (jdbc/with-db-metadata [md *db*]
                (mapv :table_name (jdbc/metadata-result (.getTables md nil "public" "jj_%" (into-array ["TABLE"]))))))))
  (testing "a reducible query streams with a fetch size"
    (is (= 45 (transduce (map :g) + 0 (jdbc/reducible-query *db* ["select g from generate_series(1, 9) g"]
                                                            {:fetch-size 2}))))))
