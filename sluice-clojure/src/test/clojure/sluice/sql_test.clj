(ns sluice.sql-test
  "sluice.sql's friendly functions against the real server: what they return, where clauses,
  ordering and paging, insert-multi! in one statement, and names quoted so that none can break
  out of its identifier."
  (:require [clojure.string :as str]
            [clojure.test :refer [deftest is testing use-fixtures]]
            [sluice.core :as sluice]
            [sluice.sql :as sql]
            [sluice.test-support :as ts :refer [*conn* thrown-data]])
  (:import (java.time LocalDate)))

(use-fixtures :once ts/with-connection)

(defn- fresh! []
  (sluice/execute-script! *conn* "drop table if exists sq_items;
    create table sq_items (id serial primary key, name text not null, qty int, born date, doc jsonb, tags text[])"))

(deftest insert-get-update-delete
  (fresh!)
  (is (= {:id 1 :name "bolt" :qty 3 :born nil :doc {:size "m"} :tags nil}
         (sql/insert! *conn* :sq_items {:name "bolt" :qty 3 :doc {:size "m"}})))
  (is (= {:id 1 :name "bolt"} (select-keys (sql/get-by-id *conn* :sq_items 1) [:id :name])))
  (is (nil? (sql/get-by-id *conn* :sq_items 99)))
  (is (= {:name "bolt"} (select-keys (sql/get-by-id *conn* "sq_items" "bolt" :name {:keys :unqualified}) [:name])))
  (is (= {:sluice/update-count 1} (sql/update! *conn* :sq_items {:qty 4 :born (LocalDate/of 2024 2 29)} {:id 1})))
  (is (= {:qty 4 :born (LocalDate/of 2024 2 29)} (select-keys (sql/get-by-id *conn* :sq_items 1) [:qty :born])))
  (is (= {:sluice/update-count 1} (sql/update! *conn* :sq_items {:qty nil} ["qty > ? and name = ?" 1 "bolt"])))
  (is (= {:sluice/update-count 1} (sql/delete! *conn* :sq_items {:qty nil})) "nil matches with is null")
  (is (= {:sluice/update-count 0} (sql/delete! *conn* :sq_items {:id 1})))
  (testing "an empty where map is refused, not taken as every row"
    (is (= :sluice/bad-input (:type (thrown-data #(sql/delete! *conn* :sq_items {})))))
    (is (= :sluice/bad-input (:type (thrown-data #(sql/update! *conn* :sq_items {:qty 1} {})))))))

(deftest insert-multi-in-one-statement
  (fresh!)
  (testing "columns and row vectors"
    (is (= [1 2 3] (mapv :id (sql/insert-multi! *conn* :sq_items [:name :qty] [["a" 1] ["b" 2] ["c" nil]])))))
  (testing "maps (the columns of every map), with dates and JSON"
    (is (= [{:name "d" :born (LocalDate/of 2020 1 1) :doc nil} {:name "e" :born nil :doc {:k [1 2]}}]
           (mapv #(select-keys % [:name :born :doc])
                 (sql/insert-multi! *conn* :sq_items [{:name "d" :born (LocalDate/of 2020 1 1)} {:name "e" :doc {:k [1 2]}}])))))
  (testing "array columns by COPY"
    (is (= :sluice/bad-input (:type (thrown-data #(sql/insert-multi! *conn* :sq_items [{:name "f" :tags ["x"]}])))))
    (is (= {:sluice/update-count 2}
           (sql/insert-multi! *conn* :sq_items [:name :tags] [["f" ["x" "y"]] ["g" []]] {:copy? true})))
    (is (= [["x" "y"] []] (sluice/execute! *conn* "select tags from sq_items where name in ('f', 'g') order by name" {:as :column}))))
  (is (= [] (sql/insert-multi! *conn* :sq_items [:name] [])))
  (testing "one statement for all the rows, once the table's types are known"
    (let [seen (atom [])]
      (with-open [c (sluice/connect {:uri (ts/uri) :listener #(swap! seen conj %)})]
        (sql/insert-multi! c :sq_items [:name] [["i1"]])
        (reset! seen [])
        (is (= 3 (count (sql/insert-multi! c :sq_items [:name :qty] [["i2" 1] ["i3" 2] ["i4" 3]])))))
      (is (= [:statement] (mapv :sluice/event @seen)))
      (is (= 3 (:rows (first @seen))))))
  (testing "a failure inserts nothing"
    (is (= :23502 (:sqlstate (thrown-data #(sql/insert-multi! *conn* :sq_items [:name] [["h"] [nil]])))))
    (is (= 0 (:n (sluice/execute-one! *conn* "select count(*)::int as n from sq_items where name = 'h'"))))))

(deftest find-by-keys-orders-and-pages
  (fresh!)
  (sql/insert-multi! *conn* :sq_items [:name :qty] [["a" 1] ["b" 1] ["c" 2] ["d" 1]])
  (is (= ["a" "b" "d"] (mapv :name (sql/find-by-keys *conn* :sq_items {:qty 1} {:order-by [:name]}))))
  (is (= ["d" "b"] (mapv :name (sql/find-by-keys *conn* :sq_items {:qty 1} {:order-by [[:name :desc]] :limit 2}))))
  (is (= [{:name "b"}] (sql/find-by-keys *conn* :sq_items :all {:columns [:name] :order-by [:id] :limit 1 :offset 1})))
  (is (= [{:sq_items/name "c"}] (sql/find-by-keys *conn* :sq_items ["qty > ?" 1] {:columns [:name] :keys :qualified})))
  (is (= :sluice/bad-input (:type (thrown-data #(sql/find-by-keys *conn* :sq_items :all {:order-by [[:name :sideways]]})))))
  (is (= :sluice/bad-input (:type (thrown-data #(sql/find-by-keys *conn* :sq_items :all {:limit -1}))))))

(deftest names-are-quoted
  (sluice/execute-script! *conn* "drop schema if exists sq_s cascade; create schema sq_s;
    create table sq_s.\"Odd Table\" (\"select\" int primary key, \"Mixed Case\" text, \"quo\"\"te\" text)")
  (is (= {:select 1 (keyword "Mixed Case") "x" (keyword "quo\"te") "q"}
         (sql/insert! *conn* "sq_s.Odd Table" {:select 1 (keyword "Mixed Case") "x" "quo\"te" "q"})))
  (is (= [{:select 1}] (sql/find-by-keys *conn* "sq_s.Odd Table" {:select 1} {:columns [:select]})))
  (testing "a hostile name stays one identifier"
    (let [d (thrown-data #(sql/find-by-keys *conn* "sq_s.Odd Table" {(keyword "x\" = 1; drop table sq_items; --") 1}))]
      (is (= :42703 (:sqlstate d)) "no such column, nothing else"))
    (is (= {:n 1} (sluice/execute-one! *conn* "select count(*)::int as n from pg_tables where tablename = 'sq_items'"))))
  (testing ":column-fn and :table-fn replace the quoting"
    (is (= [{:select 1}]
           (sql/find-by-keys *conn* :odd {:sel 1} {:table-fn (fn [_] "sq_s.\"Odd Table\"")
                                                   :column-fn #(sql/quoted (if (= % "sel") "select" %))
                                                   :columns [:sel]}))))
  (testing "through with-options, kebab keys both ways"
    (let [db (sluice/with-options *conn* {:keys :kebab :column-fn #(sql/quoted (str/replace % "-" "_"))})]
      (sluice/execute-script! *conn* "drop table if exists sq_kebab; create table sq_kebab (id int primary key, full_name text)")
      (is (= {:id 1 :full-name "Ada"} (sql/insert! db :sq_kebab {:id 1 :full-name "Ada"})))
      (is (= [{:full-name "Ada"}] (sql/find-by-keys db :sq_kebab {:full-name "Ada"} {:columns [:full-name]})))))
  (sluice/execute-script! *conn* "drop schema sq_s cascade; drop table sq_kebab"))
