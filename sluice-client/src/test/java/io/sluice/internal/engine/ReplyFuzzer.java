package io.sluice.internal.engine;

import io.sluice.SluiceException;
import io.sluice.internal.engine.FuzzCase.Call;
import io.sluice.internal.engine.FuzzCase.Op;
import io.sluice.internal.engine.FuzzCheck.Finding;
import io.sluice.internal.engine.FuzzCheck.Kind;
import io.sluice.internal.engine.FuzzCheck.Observed;
import io.sluice.internal.engine.ReplyOracle.Request;
import io.sluice.internal.engine.StreamMutator.Mutated;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.BackendMessage.ParameterStatus;
import io.sluice.protocol.FrontendMessage;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.Replies;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one {@link FuzzCase} against the real engine over a {@link MemoryTransport}: a fresh
 * session, its statements prepared once (so that each call is one exchange), then the calls from
 * concurrent virtual threads. The server holds their exchanges until all have arrived, answers
 * them with the correct replies mutated, and the {@link ReplyOracle} says what each call must get.
 * Calls start one after another once the previous one's request reached the server, so the reply
 * stream (hence the case) depends on the seed only. If the connection survives, a probe statement
 * follows: whatever the mutations left unread must not pass for its reply.
 */
final class ReplyFuzzer {
  /** Small, so that a corrupted length is more often refused than waited for. */
  static final int MAX_MESSAGE_SIZE = 64 * 1024;
  /** How long all calls of a case may take before they count as hung. */
  static final long CALL_BOUND_NANOS = TimeUnit.SECONDS.toNanos(10);

  private ReplyFuzzer() {}

  /**
   * What one case found, with what was done to its replies and the protocol break in them that the
   * engine let through (its offender succeeded, or the connection stayed open), as the oracle
   * describes it with digits masked so that alike breaks compare equal; null if none.
   */
  record CaseResult(FuzzCase fuzzCase, List<String> mutations, List<Finding> findings, String letThrough) {
    CaseResult(FuzzCase fuzzCase, List<String> mutations, List<Finding> findings) {
      this(fuzzCase, mutations, findings, null);
    }
  }

  static CaseResult run(FuzzCase c) throws InterruptedException {
    MemoryTransport transport = new MemoryTransport(FuzzCase.DB);
    ServerSession server = new ServerSession(transport, MAX_MESSAGE_SIZE, null);
    Map.of("client_encoding", "UTF8", "server_version", "18.1", "integer_datetimes", "on",
        "standard_conforming_strings", "on").forEach((k, v) -> server.asynchronous(new ParameterStatus(k, v)));
    StatementRunner statements = new StatementRunner(server, new EngineSettings(16, c.unnamed() ? 0 : 256,
        EngineSettings.ONE_AT_A_TIME.cancelTimeoutNanos(), EngineSettings.ONE_AT_A_TIME.pinTimeoutNanos()), null);
    List<Finding> findings = new ArrayList<>();
    try {
      warmUp(statements);
    } catch (SluiceException e) {
      findings.add(new Finding(Kind.HARNESS, "the warm-up failed: " + e));
      return new CaseResult(c, List.of(), findings);
    }
    int before = transport.exchanges();
    int pipelineStart = transport.sentBytes().length;
    Pipeline p = new Pipeline(c);
    transport.hold(c.calls().size(), p::answer);

    List<Call> calls = c.calls();
    Observed[] observed = new Observed[calls.size()];
    Thread[] threads = new Thread[calls.size()];
    long deadline = System.nanoTime() + CALL_BOUND_NANOS;
    for (int i = 0; i < calls.size(); i++) {
      observed[i] = new Observed();
      threads[i] = start(statements, calls.get(i), observed[i]);
      if (!transport.awaitExchanges(before + i + 1, TimeUnit.SECONDS.toNanos(5))) {
        findings.add(new Finding(Kind.HARNESS, "call " + i + " never wrote its request: "
            + observed[i].thrown));
        transport.releaseHeld();
        break;
      }
    }
    joinAll(threads, deadline, transport);

    if (p.failure != null) {
      findings.add(new Finding(Kind.HARNESS, "making the replies failed: " + p.failure));
      transport.close();
      return new CaseResult(c, List.of(), findings);
    }
    byte[] sent = transport.sentBytes();
    byte[] pipeline = Arrays.copyOfRange(sent, pipelineStart, pipelineStart + p.bytes.length);
    ReplyOracle.Run run = ReplyOracle.run(p.requests, pipeline, MAX_MESSAGE_SIZE);
    for (int k = 0; k < p.order.size(); k++) {
      int i = p.order.get(k);
      Call call = calls.get(i);
      Finding f = FuzzCheck.call(run.verdicts().get(k), observed[i], true, call.tag(), columns(call));
      if (f != null) {
        findings.add(new Finding(f.kind(), f.variant(), "call " + i + " (" + calls.get(i).op() + "): " + f.detail()));
      }
    }
    boolean closed = statements.engine().isBroken();
    String letThrough = null;
    if (run.broken()) {
      int k = offender(run);
      boolean offenderSucceeded = k < p.order.size() && observed[p.order.get(k)].thrown == null;
      letThrough = offenderSucceeded || !closed ? firstBreak(run) : null;
      if (p.mutated.harmless()) {
        findings.add(new Finding(Kind.HARNESS, "the oracle calls a harmless mutation a break: " + firstBreak(run)));
      }
    }
    if (run.broken() && !closed) {
      findings.add(new Finding(Kind.LEFT_OPEN, "after " + firstBreak(run)));
    } else if (!run.broken() && closed) {
      findings.add(new Finding(Kind.SPURIOUS_CLOSE, "every reply was valid"));
    } else if (!closed) {
      if (transport.exchanges() != before + calls.size()) {
        findings.add(new Finding(Kind.HARNESS, "requests were written after the calls' own"));
      } else {
        letThrough = probe(statements, transport, pipelineStart + run.consumed(), c.unnamed(), findings);
      }
    }
    transport.close();
    return new CaseResult(c, p.mutated == null ? List.of() : p.mutated.applied(), findings,
        letThrough == null ? null : letThrough.replaceAll("(?<![A-Za-z0-9])-?[0-9]+", "N"));
  }

  /** Prepares and runs each statement of the calls once, answered correctly. */
  private static void warmUp(StatementRunner statements) {
    statements.query(FuzzCase.ROWS, new Object[] {"w", "0"}, (b, o, l) -> {}, false, Deadline.NONE);
    statements.query(FuzzCase.UPDATE, new Object[] {"w", "0"}, (b, o, l) -> {}, false, Deadline.NONE);
    try {
      statements.query(FuzzCase.FAILS, new Object[] {"w", "0"}, (b, o, l) -> {}, false, Deadline.NONE);
    } catch (io.sluice.ServerException expected) {
      // prepared, and failed as defined
    }
  }

  /** The held exchanges, what the oracle must know of them, and the bytes sent in their place. */
  private static final class Pipeline {
    final FuzzCase c;
    final List<Request> requests = new ArrayList<>();
    /** The call index of each held exchange, in arrival order. */
    final List<Integer> order = new ArrayList<>();
    Mutated mutated;
    byte[] bytes = new byte[0];
    /** A failure of the harness while making the answer (not the engine's). */
    RuntimeException failure;

    Pipeline(FuzzCase c) {
      this.c = c;
    }

    byte[] answer(List<Exchange> exchanges) {
      try {
        return mutatedReplies(exchanges);
      } catch (RuntimeException e) {
        failure = e;
        return new byte[0];
      }
    }

    private byte[] mutatedReplies(List<Exchange> exchanges) {
      List<byte[]> frames = new ArrayList<>();
      for (Exchange x : exchanges) {
        order.add(callIndex(x));
        boolean parsed = x.messages().stream().anyMatch(m -> m instanceof FrontendMessage.Parse);
        requests.add(new Request(x.prepares() ? ReplyOracle.Kind.PREPARE : ReplyOracle.Kind.RUN, parsed,
            FuzzCase.DB.lookup(x.sql()).columns().size()));
        frames.addAll(x.frames());
      }
      mutated = StreamMutator.mutate(frames, c.mutationRandom(), c.mutations(), c.harmlessOnly());
      bytes = Replies.concat(mutated.frames());
      return bytes;
    }

    /** Whose exchange this is: the tag in a prepared statement's SQL, or a run's first parameter. */
    private static int callIndex(Exchange x) {
      String tag = x.prepares() ? x.sql().substring(FuzzCase.PREPARED.length())
          : x.messages().stream().filter(m -> m instanceof FrontendMessage.Bind).map(m -> (FrontendMessage.Bind) m)
              .map(b -> new String(b.parameters()[0], StandardCharsets.UTF_8)).findFirst().orElseThrow();
      return Integer.parseInt(tag.substring(1));
    }
  }

  /** How many columns the call's statement has: every row of its own has that many. */
  private static int columns(Call call) {
    return FuzzCase.DB.lookup(call.sql()).columns().size();
  }

  private static Thread start(StatementRunner statements, Call call, Observed o) {
    return Thread.ofVirtual().start(() -> {
      try {
        if (call.op() == Op.PREPARE) {
          o.statement = statements.prepare(call.sql(), Deadline.NONE);
        } else {
          o.tag = statements.query(call.sql(), call.params(), o.sink(), call.op() == Op.FOR_EACH, Deadline.NONE).commandTag();
        }
      } catch (Throwable t) {
        o.thrown = t;
      } finally {
        o.returned = true;
      }
    });
  }

  /** Waits for every call until the deadline; then closes the transport to free any still stuck. */
  private static void joinAll(Thread[] threads, long deadline, MemoryTransport transport) throws InterruptedException {
    for (Thread t : threads) {
      if (t != null) {
        t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
      }
    }
    for (Thread t : threads) {
      if (t != null && t.isAlive()) {
        transport.close();
        t.join(1000);
      }
    }
  }

  /**
   * Runs the probe after the calls; what was left unread is read ahead of its reply. Returns the
   * break the engine let through there, or null.
   */
  private static String probe(StatementRunner statements, MemoryTransport transport, int unreadFrom, boolean unnamed,
      List<Finding> findings) throws InterruptedException {
    Observed o = new Observed();
    Thread t = start(statements, FuzzCase.PROBE, o);
    joinAll(new Thread[] {t}, System.nanoTime() + CALL_BOUND_NANOS, transport);
    byte[] sent = transport.sentBytes();
    byte[] rest = Arrays.copyOfRange(sent, unreadFrom, sent.length);
    ReplyOracle.Run run = ReplyOracle.run(List.of(new Request(ReplyOracle.Kind.RUN, unnamed, 2)), rest,
        MAX_MESSAGE_SIZE);
    ReplyOracle.Verdict v = run.verdicts().get(0);
    // refusing the probe before it is written (unread input checked first) is as good as failing it
    Finding f = FuzzCheck.call(v, o, !(o.thrown instanceof SluiceException se
        && se.outcome() == SluiceException.Outcome.NOT_SENT), FuzzCase.PROBE.tag(), 2);
    if (f != null) {
      findings.add(new Finding(f.kind(), f.variant(), "the probe after the calls: " + f.detail()));
    }
    if (run.broken() && !statements.engine().isBroken()) {
      findings.add(new Finding(Kind.LEFT_OPEN, "after the probe: " + firstBreak(run)));
    }
    boolean letThrough = o.thrown == null || !statements.engine().isBroken();
    return run.broken() && letThrough ? "before the probe's reply: " + firstBreak(run) : null;
  }

  /** The index of the request at which the run broke. */
  private static int offender(ReplyOracle.Run run) {
    for (int k = 0; k < run.verdicts().size(); k++) {
      if (run.verdicts().get(k) instanceof ReplyOracle.Broken b && b.offender()) {
        return k;
      }
    }
    return -1;
  }

  private static String firstBreak(ReplyOracle.Run run) {
    return ((ReplyOracle.Broken) run.verdicts().get(offender(run))).why();
  }
}
