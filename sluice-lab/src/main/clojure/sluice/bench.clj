(ns sluice.bench
  "Seed 000's tests 1-5 in Clojure: Sluice's Clojure API against org.clojure/java.jdbc over
  pgjdbc, building the same rows, on the embedded PostgreSQL of the testkit. (next.jdbc, the
  seed's peer, lives on Clojars, which this build cannot reach; java.jdbc is its predecessor from
  the same authors, on Maven Central.)

  Run: bin/sluice build && bin/sluice mvn -q -pl sluice-lab exec:java -Dexec.mainClass=clojure.main -Dexec.args=\"-m sluice.bench\"
  Optional args: warm-up runs and measured runs (default 3 5).

  For each test and client: the median over the measured runs of wall time and of the client's
  CPU time (every JVM thread, GC and JIT included: io.sluice.bench.CpuClock), per row. PostgreSQL
  runs in other processes, so the CPU time is the client's own cost; the wall time includes the
  server's work generating the rows, the same for both clients."
  (:require [clojure.java.jdbc :as jdbc]
            [sluice.core :as sluice])
  (:import (com.zaxxer.hikari HikariConfig HikariDataSource)
           (io.sluice ConnectionConfig)
           (io.sluice.bench CpuClock)
           (io.sluice.testkit PostgresServer)
           (java.sql DriverManager)
           (java.util.concurrent Callable Executors ExecutorService Future)))

(set! *warn-on-reflection* true)

(def rows (or (some-> (System/getenv "SLUICE_BENCH_ROWS") parse-long) 50000))

(def q1 "Test 1: one random integer column."
  (str "select (random() * 1000000)::int as x from generate_series(1, " rows ")"))

(defn q2 "Test 2: nine columns of numbers, strings and timestamps." [n]
  (str "select x as id, (random() * 1000000)::int as a, random() as b, md5(random()::text) as c, "
       "md5(x::text) as d, now() as e, now() - x * interval '1 second' as f, "
       "(random() * 100)::numeric(10, 2) as g, x % 2 = 0 as h from generate_series(1, " n ") x"))

(def q3 "Test 3: random JSON objects."
  (str "select json_build_object('id', x, 'name', md5(x::text), 'score', random(), "
       "'tags', json_build_array('a', 'b', x), 'nested', json_build_object('ok', x % 2 = 0)) as data "
       "from generate_series(1, " rows ") x"))

(def q5 "Test 5: sixty timestamp columns."
  (str "select " (apply str (interpose ", " (map #(str "now() - x * interval '" (inc %) " second' as t" %) (range 60))))
       " from generate_series(1, " rows ") x"))

(defn- median [xs] (nth (sort xs) (quot (count xs) 2)))

(defn- measure
  "Runs f warm times, then n times; {:wall-ms :cpu-ms} medians. f returns the rows it handled."
  [warm n f]
  (dotimes [_ warm] (f))
  (let [samples (vec (for [_ (range n)]
                       (let [c0 (CpuClock/now) t0 (System/nanoTime)
                             handled (f)
                             t1 (System/nanoTime) cpu (CpuClock/since c0)]
                         {:wall (/ (- t1 t0) 1e6) :cpu (/ cpu 1e6) :rows handled})))]
    {:wall-ms (median (map :wall samples)) :cpu-ms (median (map :cpu samples)) :rows (:rows (first samples))}))

(defn- walk
  "Hands every row to a function, as an application would: the rows handled."
  [rows]
  (reduce (fn [n row] (if (nil? row) n (inc n))) 0 rows))

(defn- jdbc-query [db sql] (walk (jdbc/query db [sql])))

(defn- sluice-query [conn sql] (walk (sluice/execute! conn sql)))

(defn- core-query
  "The Java core alone (io.sluice.Connection/query, rows kept as bytes): the floor under the
  Clojure API, for reference."
  [^io.sluice.Connection conn ^String sql]
  (.size (.query conn sql (object-array 0))))

(defn- parallel
  "Runs `queries` calls of (f) on `threads` threads; the rows handled."
  [^ExecutorService pool queries f]
  (let [futures (mapv (fn [_] (.submit pool ^Callable f)) (range queries))]
    (reduce + (map #(.get ^Future %) futures))))

(defn run
  "Runs the five tests and prints a table; returns the results."
  [warm n]
  (let [server (PostgresServer/shared)
        cfg (ConnectionConfig/parse (.uri server))
        jdbc-url (str "jdbc:postgresql://" (.host server) ":" (.port server) "/" (.database server))
        user (.superuser server)
        password (.orElse (.password cfg) nil)
        pg (DriverManager/getConnection jdbc-url user password)
        jdb {:connection pg}
        conn (sluice/connect (.uri server))
        hikari (HikariDataSource. (doto (HikariConfig.)
                                    (.setJdbcUrl jdbc-url) (.setUsername user) (.setPassword password)
                                    (.setMaximumPoolSize 4)))
        threads (Executors/newFixedThreadPool 4)
        pool-query (q2 5000)
        tests [["1 one int column" #(jdbc-query jdb q1) #(sluice-query conn q1) #(core-query conn q1)]
               ["2 nine mixed columns" #(jdbc-query jdb (q2 rows)) #(sluice-query conn (q2 rows)) #(core-query conn (q2 rows))]
               ["3 JSON objects" #(jdbc-query jdb q3) #(sluice-query conn q3) #(core-query conn q3)]
               ["4 pool, 4 threads, 10 x 5000 rows"
                #(parallel threads 10 (fn [] (jdbc/with-db-connection [db {:datasource hikari}] (jdbc-query db pool-query))))
                ;; until io.sluice.Pool lands: the shared connection, which pipelines concurrent callers
                #(parallel threads 10 (fn [] (sluice-query conn pool-query)))
                #(parallel threads 10 (fn [] (core-query conn pool-query)))]
               ["5 sixty timestamps, assoc each row"
                #(let [rs (jdbc/query jdb [q5])] (doseq [r rs] (assoc r :extra 42)) (count rs))
                #(let [rs (sluice/execute! conn q5)] (doseq [r rs] (assoc r :extra 42)) (count rs))
                #(let [^java.util.List rs (.query conn q5 (object-array 0))]
                   (doseq [^io.sluice.Row r rs] (assoc (into {} (.toMap r)) :extra 42))
                   (.size rs))]]
        results (vec (for [[title j s core] tests]
                       (let [jr (measure warm n j)
                             sr (measure warm n s)
                             cr (measure warm n core)]
                         (println (format "%-36s java.jdbc wall %7.1f cpu %7.1f ms | sluice wall %7.1f cpu %7.1f ms | x%.1f cpu, x%.1f wall | Java core alone: wall %7.1f cpu %7.1f ms (%d rows)"
                                          title (:wall-ms jr) (:cpu-ms jr) (:wall-ms sr) (:cpu-ms sr)
                                          (/ (:cpu-ms jr) (:cpu-ms sr)) (/ (:wall-ms jr) (:wall-ms sr))
                                          (:wall-ms cr) (:cpu-ms cr) (:rows sr)))
                         (flush)
                         {:test title :java.jdbc jr :sluice sr :core cr})))]
    (.shutdown threads)
    (.close hikari)
    (.close conn)
    (.close pg)
    results))

(defn -main
  "Runs the benchmark: optional warm-up and measured run counts."
  [& args]
  (let [[warm n] (map parse-long args)]
    (println "CPU clock:" (CpuClock/source) "| JVM" (System/getProperty "java.version"))
    (run (or warm 3) (or n 5))
    (shutdown-agents)
    (System/exit 0)))
