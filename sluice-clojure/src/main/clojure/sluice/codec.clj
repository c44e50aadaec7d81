(ns sluice.codec
  "Teaching Sluice your types, in the spirit of next.jdbc's SettableParameter and ReadableColumn.

  - `SettableParameter`: how a value of your Clojure type goes to the server. `as-parameter`
    returns what the core sends instead: a Java value with a codec (a String, a number, an
    `io.sluice.types.Composite`…), or the value of a Java class you gave a codec for by type name.
  - `ReadableColumn`: how a value decoded by the core (its Java class) becomes your Clojure value
    in a row, also inside arrays.
  - `text-codec` builds an `io.sluice.types.Codec` from two functions, for a type you name in the
    connection spec (`{:codecs {\"ltree\" codec}}`): every connection looks the name up in
    `pg_type`, so extension types, enums, composites and domains work whatever their OID in each
    database (see docs/types.md).

  Extensions of the protocols are global, like next.jdbc's: extend them to your own types."
  (:import (io.sluice ConnectionConfig)
           (io.sluice.types Codec Codecs)
           (java.util.function Function)))

(set! *warn-on-reflection* true)

(defprotocol SettableParameter
  (as-parameter [v]
    "The value the core sends for `v`: `v` itself by default."))

(extend-protocol SettableParameter
  nil
  (as-parameter [_] nil)
  Object
  (as-parameter [v] v))

(defprotocol ReadableColumn
  (read-column [v]
    "The value a row holds for the core's decoded, non-nil value `v`: `v` itself by default."))

(extend-protocol ReadableColumn
  Object
  (read-column [v] v))

(defn- function ^Function [f]
  (reify Function (apply [_ x] (f x))))

(defn text-codec
  "A codec for the PostgreSQL type `type-name` that travels as text: `parse` turns the type's
  output text into a value of `java-class` (a defrecord, say), `format` such a value into text the
  type's input function reads. Give it in a connection spec as `{:codecs {type-name codec}}`:
  columns of the type (and arrays of it) read through `parse`, and parameters of `java-class`
  are sent as the type."
  ^Codec [^String type-name ^Class java-class parse format]
  (Codecs/text type-name java-class (function parse) (function (comp str format))))

(defn with-codecs
  "`config` (an io.sluice.ConnectionConfig) with `codecs`, a map of type name to Codec."
  ^ConnectionConfig [^ConnectionConfig config codecs]
  (reduce-kv (fn [^ConnectionConfig c ^String n ^Codec codec] (.withCodec c n codec)) config codecs))
