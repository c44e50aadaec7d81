(ns sluice.protocols
  "The extension points of sluice.core. Each function of sluice.core is a short function over these
  protocols; sluice.impl.extend extends each of them once: to io.sluice.Queryable (a connection, a
  transaction or a pool), or to those three classes where Queryable has no method for the call,
  and to the values that stand for one (a spec, a with-options wrapper, a prepared statement).

  - `Connectable`: how a value gives the Queryable a call runs on. Extend it to a value of your
    own (a system map holding a pool, say) and every function of sluice.core takes that value:
    the other protocols reach anything they are not extended to through it.
  - `Executable`: how a statement runs (execute!, execute-one!, plan, prepare).
  - `Transactable`: how a transaction begins (transact, with-transaction).
  - `Sessionable`: one connection for several calls (on-connection, COPY, batches), and what its
    session says about SQL text.")

(defprotocol Connectable
  (-with-queryable [x f]
    "Calls (f q) with the io.sluice.Queryable that x stands for, for one call, and returns what f
    returns: x itself when it is a Queryable; for a spec (a URI string or a settings map), a
    connection opened for the call and closed after it; for a with-options wrapper, what it wraps.
    Anything else is an error naming what was expected."))

(defprotocol Executable
  (-statement [x sql-params]
    "sql-params checked and converted, before anything is sent, into the statement -execute takes:
    on a Queryable or what stands for one, \"sql\" or [sql & params]; on a prepared statement, the
    vector of its parameters.")
  (-execute [x statement opts f]
    "Calls (f source) and returns what f returns, source being the statement (from -statement) on
    x, as sluice.impl.query reads rows from it (sluice.impl.query/Source). Options used here:
    `:placeholders` (SQL rewritten for `?`) and `:timeout` (in place of query_timeout).")
  (-prepare [x sql mode]
    "Prepares sql on x now (one round trip, `?` placeholders numbered when mode is :question-mark)
    and returns the prepared statement, which takes -statement and -execute. Only a connection, a
    transaction or a pool can: one opened from a spec would close under it."))

(defprotocol Transactable
  (-transact [x tx-options body]
    "Runs body (an io.sluice.Transaction$Body) in a transaction with tx-options (an
    io.sluice.TxOptions) and returns its value: a transaction of its own on a connection, on one
    connection lent by a pool, or on one opened from a spec; on a transaction, a savepoint inside
    it, where only the body's outcome counts (the options are the outer transaction's).")
  (-in-transaction? [x]
    "Whether x is a transaction still running (neither ended nor failed)."))

(defprotocol Sessionable
  (-on-connection [x f]
    "Calls (f c) and returns what f returns, c being one connection whose session the calls in f
    share: a connection or a transaction as it is, a connection a pool lends for f alone (its
    session state reset when given back), one opened from a spec and closed after.")
  (-with-plain-connection [x f]
    "Calls (f q connection) for what only an io.sluice.Connection does (COPY, batches): q is the
    Queryable that x stands for and `connection` the connection under it (a transaction's own, one
    a pool lends for f, one opened from a spec).")
  (-standard-strings? [x]
    "Whether plain string literals take backslashes literally on x: the server's
    standard_conforming_strings, on since PostgreSQL 9.1; assumed on where no session can be asked
    without borrowing one (a pool)."))
