(ns sluice.lab-http
  "Seed 001's own stack for the lab's HTTP cases: a Ring handler on Jetty answering GET /rows?start=N
  with the 500 rows of bench.mixed50k from id N as JSON, in servers measured side by side
  (found by the lab through io.sluice.lab.clojure.ClojureEndpoints):

  - `http-clj-sluice`: a Sluice pool, `sluice.core/plan` as the body, `sluice.ring/wrap-json-response`
    streaming each row from its bytes into the JSON writer (no map is built);
  - `http-clj-java.jdbc`: HikariCP over pgjdbc, `clojure.java.jdbc/query` into maps (dates and
    timestamps read as java.time values, as an application would), encoded to JSON text in a
    middleware that does what ring-json's `wrap-json-response` does (the seed's), by Jackson's
    streaming generator as Cheshire does it (Cheshire, jsonista and ring-json live on Clojars,
    which this build cannot reach);
  - `http-clj-java.jdbc-data.json`: the same with `clojure.data.json`, the Clojure JSON library on
    Maven Central (the full profile's).

  Pools of 64 connections, opened in advance (the seed's settings); the java.jdbc servers share
  theirs. Ring adapter: Jetty's core API, the Ring request from sluice.example.server, the
  response buffered and sent with its Content-Length so that ab's HTTP/1.0 keep-alive holds
  (io.sluice.lab.http.RowsServer/respond)."
  (:require [clojure.data.json :as json]
            [clojure.java.jdbc :as jdbc]
            [sluice.core :as sluice]
            [sluice.json :as sluice-json]
            [sluice.example.server :as server]
            [sluice.ring :as ring])
  (:import (com.zaxxer.hikari HikariConfig HikariDataSource)
           (io.sluice.bench Target)
           (io.sluice.lab Profiles)
           (io.sluice.lab.http RowsServer RowsServer$Body)
           (java.io OutputStream)
           (java.nio.charset StandardCharsets)
           (java.sql ResultSet Timestamp)
           (java.time LocalDate OffsetDateTime ZoneOffset)
           (java.util.concurrent ThreadLocalRandom)
           (org.eclipse.jetty.server Handler Handler$Abstract Request Response)
           (org.eclipse.jetty.util Callback)))

(set! *warn-on-reflection* true)

(def ^:private rows-per-request RowsServer/ROWS_PER_REQUEST)

(defn start-id
  "The first id a request asks for: ?start=N, else a random one with a full page after it."
  [request]
  (or (some->> (:query-string request) (re-find #"(?:^|&)start=(\d+)") second parse-long)
      (inc (.nextInt (ThreadLocalRandom/current) (int (- 50000 rows-per-request -1))))))

;; ---------------------------------------------------------------------------------------------
;; the Ring adapter

(defn- body-writer
  "Writes a Ring body: a string, or a body that streams itself (sluice.ring's)."
  ^RowsServer$Body [body]
  (reify RowsServer$Body
    (write [_ out]
      (cond (string? body) (.write ^OutputStream out (.getBytes ^String body StandardCharsets/UTF_8))
            (satisfies? ring/StreamableBody body) (ring/write-body body out)
            :else (throw (ex-info (str "cannot send a body of " (class body)) {}))))))

(defn- jetty-handler
  "A Jetty handler running the synchronous Ring `handler`; status, Content-Type and body are sent."
  ^Handler [handler]
  (proxy [Handler$Abstract] []
    (handle [^Request request ^Response response ^Callback callback]
      (try
        (let [{:keys [status headers body]} (handler (server/ring-request request))]
          (RowsServer/respond response callback (int (or status 200))
                              (str (get headers "Content-Type" "text/plain")) (body-writer body)))
        (catch Throwable e
          (.failed callback e)))
      true)))

(defn- endpoint
  "A started server (an io.sluice.lab.http.Endpoint) for `handler`; closing it closes `pool`."
  [name description pool handler]
  (RowsServer/of name description pool (jetty-handler handler)))

(defn- rows-route
  "The application: GET /rows answers (rows-fn request), anything else a 404."
  [rows-fn]
  (fn [request]
    (if (= "/rows" (:uri request))
      {:status 200 :body (rows-fn request)}
      {:status 404 :headers {"Content-Type" "text/plain"} :body "not found"})))

;; ---------------------------------------------------------------------------------------------
;; http-clj-sluice

(defn open-sluice
  "http-clj-sluice: Sluice's pool, plan streamed by sluice.ring."
  [^Target target]
  (let [pool (sluice/pool (.uri target) {:min-size Profiles/SEED_001_POOL :max-size Profiles/SEED_001_POOL})]
    (endpoint "http-clj-sluice" (str "Clojure, a Ring handler on Jetty: a Sluice pool of " Profiles/SEED_001_POOL
                                     ", sluice.core/plan as the body, streamed by sluice.ring/wrap-json-response")
              pool
              (ring/wrap-json-response
               (rows-route #(sluice/plan pool [RowsServer/SQL (start-id %)]))))))

;; ---------------------------------------------------------------------------------------------
;; http-clj-java.jdbc and http-clj-java.jdbc-data.json

(defn- java-time
  "A JDBC date or timestamp as the java.time value an application would hand on; others as they are."
  [v]
  (cond (instance? Timestamp v) (.atOffset (.toInstant ^Timestamp v) ZoneOffset/UTC)
        (instance? java.sql.Date v) (.toLocalDate ^java.sql.Date v)
        :else v))

(defn- read-columns
  "java.jdbc's column reading (getObject, then its IResultSetReadColumn), with java.time values."
  [^ResultSet rs rsmeta idxs]
  (mapv (fn [i] (java-time (jdbc/result-set-read-column (.getObject rs (int i)) rsmeta i))) idxs))

(defn- write-as-string [x out options]
  (json/-write (str x) out options))

;; data.json writes java.util.Date but not java.time's dates: their ISO text, as sluice.json writes them
(extend OffsetDateTime json/JSONWriter {:-write write-as-string})
(extend LocalDate json/JSONWriter {:-write write-as-string})

(defn- wrap-json-string
  "What ring-json's wrap-json-response does: a body of data becomes its JSON text (by `write-str`),
  Content-Type set."
  [handler write-str]
  (fn [request]
    (let [response (handler request)]
      (if (coll? (:body response))
        (-> response
            (update :body write-str)
            (assoc-in [:headers "Content-Type"] "application/json; charset=utf-8"))
        response))))

(def ^:private encoders
  "The JSON encoders of the java.jdbc servers, by name suffix. The seed's was Cheshire (through
  ring-json), which this build cannot reach, nor jsonista: its stand-in is Jackson's streaming
  generator driven by a Clojure dispatch over each value's type, the way Cheshire's generate works
  (sluice.json/write-str, the code that writes Sluice's rows, so that the pair differs only in how
  rows are read). data.json, the Clojure JSON library on Maven Central, writes the same text at
  about twice the CPU (full profile only: it flatters Sluice)."
  {"" {:write-str sluice-json/write-str
       :what "Jackson's streaming generator (sluice.json/write-str, standing in for Cheshire)"}
   "-data.json" {:write-str json/write-str :what "org.clojure/data.json 2.5.1"}})

(defn- open-hikari ^HikariDataSource [^Target target]
  (HikariDataSource. (doto (HikariConfig.)
                       (.setPoolName "http-clj-java.jdbc")
                       (.setJdbcUrl (.jdbcUrl target ""))
                       (.setMaximumPoolSize Profiles/SEED_001_POOL)
                       (.setMinimumIdle Profiles/SEED_001_POOL))))

(def ^:private shared-pool
  "The java.jdbc servers' one HikariCP pool and how many servers hold it: they are measured in
  turn, never at once, so each has all 64 connections while it runs, and the group holds 128
  connections, not 192 (PostgreSQL's max_connections)."
  (atom {:ds nil :users 0}))

(defn- hold-pool
  "The shared pool for one more server (opened by the first), and what that server closes."
  [target]
  (let [{:keys [ds]} (swap! shared-pool (fn [{:keys [ds users]}] {:ds (or ds (open-hikari target)) :users (inc users)}))]
    [ds (reify java.lang.AutoCloseable
          (close [_]
            (let [[old _] (swap-vals! shared-pool (fn [{:keys [ds users]}]
                                                     (if (= 1 users) {:ds nil :users 0} {:ds ds :users (dec users)})))]
              (when (= 1 (:users old))
                (.close ^HikariDataSource (:ds old))))))]))

(defn- java-jdbc-opener
  "The factory of a java.jdbc server whose maps are encoded by the encoder named `suffix`."
  [suffix]
  (let [{:keys [write-str what]} (encoders suffix)]
    (fn [^Target target]
      (let [[ds release] (hold-pool target)
            db {:datasource ds}
            sql (RowsServer/jdbcSql)]
        (endpoint (str "http-clj-java.jdbc" suffix)
                  (str "Clojure, a Ring handler on Jetty: org.clojure/java.jdbc 0.7.12 over pgjdbc defaults with"
                       " HikariCP (" Profiles/SEED_001_POOL ", shared by the java.jdbc servers), query into maps,"
                       " JSON text by " what " (ring-json's way)")
                  release
                  (wrap-json-string
                   (rows-route #(let [start (start-id %)]
                                  (jdbc/query db [sql start start] {:read-columns read-columns})))
                   write-str))))))

(defn factories
  "The lab's Clojure HTTP servers: name -> (fn [target] endpoint), in report order."
  []
  (array-map "http-clj-java.jdbc" (java-jdbc-opener "")
             "http-clj-java.jdbc-data.json" (java-jdbc-opener "-data.json")
             "http-clj-sluice" open-sluice))
