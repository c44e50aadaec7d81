(ns sluice.ring
  "Ring middleware that answers with JSON written straight from the rows: `wrap-json-response`
  turns a response body of data (rows from execute!, a `plan` reducible, maps, vectors) into a
  streaming body that feeds Jackson's JsonGenerator as it goes — lazy rows are written column by
  column from their bytes (json/jsonb columns copied as raw text), so no intermediate maps or
  strings are built. Works with any Ring server that knows ring.core.protocols (the body extends
  StreamableResponseBody when ring-core is on the class path) and with sluice.example.server."
  (:require [sluice.json :as json])
  (:import (clojure.lang IReduceInit)
           (java.io File InputStream OutputStream)))

(set! *warn-on-reflection* true)

(defprotocol StreamableBody
  (write-body [body out] "Writes the body to a java.io.OutputStream (not closing it)."))

(deftype JsonBody [data]
  StreamableBody
  (write-body [_ out] (json/write-to data out)))

(defn json-body
  "A response body that writes `data` as JSON when the server asks for it."
  [data]
  (JsonBody. data))

(defn- data-body? [b]
  (and (some? b)
       (not (string? b))
       (not (instance? InputStream b))
       (not (instance? File b))
       (not (instance? JsonBody b))
       (not (bytes? b))
       (or (coll? b) (instance? IReduceInit b) (instance? java.util.Map b))))

(defn json-response
  "The response with a data body turned into a streaming JSON body and its Content-Type set;
  other responses unchanged."
  [response]
  (if (and (map? response) (data-body? (:body response)))
    (-> response
        (update :body json-body)
        (update :headers #(merge {"Content-Type" "application/json; charset=utf-8"} %)))
    response))

(defn wrap-json-response
  "Middleware: a handler's response whose :body is data (a vector of rows, a plan, a map…) is
  sent as JSON, streamed into the response as it is written. Synchronous and asynchronous
  handlers."
  [handler]
  (fn
    ([request] (json-response (handler request)))
    ([request respond raise] (handler request #(respond (json-response %)) raise))))

;; With ring-core on the class path, any Ring adapter can write the body.
(when-let [protocol (try (requiring-resolve 'ring.core.protocols/StreamableResponseBody)
                         (catch Exception _ nil))]
  (extend JsonBody @protocol
          {:write-body-to (fn [body _response ^OutputStream out]
                            ;; closed only once all was written: on a failure the adapter sees the
                            ;; exception, and answers 500 if nothing was sent yet (else aborts)
                            (write-body body out)
                            (.close out))}))
