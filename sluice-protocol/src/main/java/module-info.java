/** The PostgreSQL frontend/backend protocol as values: no sockets, threads or logging. */
module io.sluice.protocol {
  exports io.sluice.protocol;
  exports io.sluice.protocol.auth;
}
