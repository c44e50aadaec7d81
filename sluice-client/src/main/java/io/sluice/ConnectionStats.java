package io.sluice;

/**
 * A snapshot of one connection's counters ({@link Connection#stats()}), or their sum over a pool's
 * open connections ({@link Pool#connectionStats()}). Counters run from the connection's opening.
 *
 * @param cacheHits statements found prepared in the statement cache
 * @param cacheMisses statements not found there, prepared (or described) for the first time
 * @param cacheEvictions prepared statements pushed out of the cache (least recently used first), and closed on the server
 * @param cachedStatements statements in the cache now
 * @param inFlight requests written and not yet answered now (the pipeline's depth now)
 * @param peakInFlight the deepest the pipeline has been (for a pool: the deepest of any connection)
 * @param requestsSent requests written to the server (each ends with its own Sync)
 * @param socketWrites socket writes that carried them: concurrent callers' requests share writes
 *     ({@link #requestsPerWrite()})
 * @param wakeUps times a caller's thread was woken by another (its request completed, its turn to
 *     read, a pipeline slot freed up); a lone caller reads its own reply and is never woken
 * @param connections how many connections this counts (1 for a connection)
 */
public record ConnectionStats(long cacheHits, long cacheMisses, long cacheEvictions, int cachedStatements,
    int inFlight, int peakInFlight, long requestsSent, long socketWrites, long wakeUps, int connections) {
  /** Nothing counted, no connection: the start of a sum. */
  public static final ConnectionStats NONE = new ConnectionStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** The sum of both; peaks take the higher. */
  public ConnectionStats plus(ConnectionStats o) {
    return new ConnectionStats(cacheHits + o.cacheHits, cacheMisses + o.cacheMisses,
        cacheEvictions + o.cacheEvictions, cachedStatements + o.cachedStatements, inFlight + o.inFlight,
        Math.max(peakInFlight, o.peakInFlight), requestsSent + o.requestsSent, socketWrites + o.socketWrites,
        wakeUps + o.wakeUps, connections + o.connections);
  }

  /** Requests per socket write, 0 before any write: above 1 when concurrent callers were pipelined. */
  public double requestsPerWrite() {
    return socketWrites == 0 ? 0 : (double) requestsSent / socketWrites;
  }

  /** Wake-ups per request sent, 0 before any request: what each hand-off between callers cost. */
  public double wakeUpsPerRequest() {
    return requestsSent == 0 ? 0 : (double) wakeUps / requestsSent;
  }

  /** Hits over lookups, 0 to 1; 0 before any lookup. */
  public double cacheHitRatio() {
    long lookups = cacheHits + cacheMisses;
    return lookups == 0 ? 0 : (double) cacheHits / lookups;
  }
}
