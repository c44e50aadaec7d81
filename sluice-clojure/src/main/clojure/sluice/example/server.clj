(ns sluice.example.server
  "A small HTTP server for Ring handlers on Jetty 12's core API (no Ring adapter library), and an
  example application that answers with rows as JSON through sluice.ring/wrap-json-response.

  Run it (the lab's HTTP benchmark can): `bin/sluice mvn -q -pl sluice-clojure exec:java
  -Dexec.args=\"-m sluice.example.server 18080 postgresql://user@127.0.0.1/db\"`, then
  GET /rows?n=500."
  (:require [clojure.string :as str]
            [sluice.core :as sluice]
            [sluice.ring :as ring])
  (:import (java.io File InputStream OutputStream)
           (java.nio.file Files)
           (org.eclipse.jetty.http HttpField HttpFields$Mutable HttpURI)
           (org.eclipse.jetty.io Content$Sink)
           (org.eclipse.jetty.server Handler$Abstract Request Response Server ServerConnector)
           (org.eclipse.jetty.util Callback)))

(set! *warn-on-reflection* true)

(defn ring-request
  "The Ring request map of a Jetty 12 request (its body an InputStream), for any Ring adapter on
  Jetty's core API (the lab's HTTP servers use it too)."
  [^Request r]
  (let [^HttpURI uri (.getHttpURI r)]
    {:server-port (Request/getServerPort r)
     :server-name (Request/getServerName r)
     :remote-addr (Request/getRemoteAddr r)
     :uri (.getPath uri)
     :query-string (.getQuery uri)
     :scheme (keyword (.getScheme uri))
     :request-method (keyword (str/lower-case (.getMethod r)))
     :headers (persistent! (reduce (fn [m ^HttpField f]
                                     (let [k (str/lower-case (.getName f))]
                                       (assoc! m k (if-let [old (get m k)] (str old "," (.getValue f)) (.getValue f)))))
                                   (transient {}) (.getHeaders r)))
     :body (Request/asInputStream r)}))

(defn- write-response [response ^Response out]
  (.setStatus out (int (or (:status response) 200)))
  (let [^HttpFields$Mutable h (.getHeaders out)]
    (doseq [[k v] (:headers response)]
      (if (string? v)
        (.put h (str k) ^String v)
        (doseq [x v] (.add h (str k) (str x))))))
  (let [body (:body response)
        ^OutputStream os (Content$Sink/asOutputStream out)]
    ;; closed (the response completed) only once the whole body was written: when writing throws,
    ;; jetty-handler fails the callback, and Jetty answers 500 if nothing was sent yet, or aborts
    ;; the response, so a client never takes a truncated body for a whole one
    (cond
      (nil? body) nil
      (string? body) (.write os (.getBytes ^String body "UTF-8"))
      (bytes? body) (.write os ^bytes body)
      (satisfies? ring/StreamableBody body) (ring/write-body body os)
      (instance? InputStream body) (with-open [^InputStream in body] (.transferTo in os))
      (instance? File body) (Files/copy (.toPath ^File body) os)
      (seq? body) (doseq [x body] (.write os (.getBytes (str x) "UTF-8")))
      :else (throw (ex-info (str "cannot send a body of " (class body)) {})))
    (.close os)))

(defn- jetty-handler [handler]
  (proxy [Handler$Abstract] []
    (handle [^Request request ^Response response ^Callback callback]
      (try
        (write-response (handler (ring-request request)) response)
        (.succeeded callback)
        (catch Throwable e
          (.failed callback e)))
      true)))

(defn run-server
  "Starts Jetty on `:port` (0 picks a free one) and `:host` (default 127.0.0.1) serving the Ring
  handler (synchronous). Returns the started org.eclipse.jetty.server.Server; `port` tells the
  port, `.stop` stops it."
  ^Server [handler {:keys [port host] :or {port 0 host "127.0.0.1"}}]
  (let [server (Server.)
        connector (doto (ServerConnector. server) (.setHost host) (.setPort (int port)))]
    (.addConnector server connector)
    (.setHandler server ^org.eclipse.jetty.server.Handler (jetty-handler handler))
    (.start server)
    server))

(defn port
  "The port a server from run-server listens on."
  [^Server server]
  (.getLocalPort ^ServerConnector (first (.getConnectors server))))

(def rows-sql
  "The example's query: n generated rows of mixed types, one of them JSON."
  (str "select x as id, md5(x::text) as name, x * 1.5 as score, now() as created, "
       "json_build_object('n', x, 'tags', json_build_array('a', 'b')) as data "
       "from generate_series(1, $1::int) x"))

(defn app
  "The example Ring handler: GET /rows?n=N answers N rows as JSON, streamed from the server's
  bytes (`plan`) into the response. `db` is anything connectable (a shared connection here:
  concurrent requests are pipelined on it)."
  [db]
  (ring/wrap-json-response
   (fn [request]
     (if (= "/rows" (:uri request))
       (let [n (or (some->> (:query-string request) (re-find #"(?:^|&)n=(\d+)") second parse-long) 500)]
         {:status 200 :body (sluice/plan db [rows-sql n])})
       {:status 404 :body "not found"}))))

(defn -main
  "Serves the example app: args port and a connection URI."
  [& [port-arg uri]]
  (let [db (sluice/connect uri)
        server (run-server (app db) {:port (parse-long port-arg)})]
    (println "sluice example server on port" (port server))
    (.join server)))
