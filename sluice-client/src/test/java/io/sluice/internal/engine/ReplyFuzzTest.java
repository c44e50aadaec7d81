package io.sluice.internal.engine;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.internal.engine.FuzzCheck.Finding;
import io.sluice.internal.engine.FuzzCheck.Kind;
import io.sluice.internal.engine.ReplyFuzzer.CaseResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the client's reply handling (issue 17): random small pipelines whose correct reply stream
 * is mutated — a message dropped, duplicated, swapped, inserted (of any type), a length or count
 * corrupted, a notice or parameter change injected. Per case: every call returns; each caller
 * gets exactly what its reply framed, or a {@code SluiceException}; no caller is handed a row its
 * reply did not frame; a stream that breaks the protocol leaves the connection closed; a harmless
 * one leaves it usable; nothing but {@code SluiceException} escapes. See {@link ReplyOracle} for
 * what "framed" and "breaks the protocol" mean.
 *
 * <p>Properties: {@code sluice.fuzz.cases} (default {@value #DEFAULT_CASES}; the nightly profile
 * runs 1,000,000), {@code sluice.fuzz.seed} (the first case's seed; case {@code i} has seed
 * {@code seed + i}), {@code sluice.fuzz.case} (run only this seed and print what it did),
 * {@code sluice.fuzz.threads} (cases run in parallel, default 2).
 */
class ReplyFuzzTest {
  static final int DEFAULT_CASES = 50_000;
  /** Cases with a hung call after which the run stops: each costs the whole call bound. */
  static final int MAX_HANGS = 5;
  /** Seeds printed per kind of finding. */
  static final int SEEDS_SHOWN = 5;

  @Test
  @Timeout(value = 6, unit = TimeUnit.HOURS)
  void everyCallGetsItsOwnResultOrAFailureAndViolationsCloseTheConnection() throws Exception {
    String one = System.getProperty("sluice.fuzz.case", "");
    if (!one.isBlank()) {
      CaseResult r = ReplyFuzzer.run(FuzzCase.generate(Long.parseLong(one.trim())));
      System.out.println(describe(r));
      assertEquals(List.of(), r.findings());
      return;
    }
    long cases = Long.getLong("sluice.fuzz.cases", DEFAULT_CASES);
    long firstSeed = Long.getLong("sluice.fuzz.seed", 17L);
    int workers = Integer.getInteger("sluice.fuzz.threads", 2);
    Tally tally = new Tally();
    AtomicLong next = new AtomicLong();
    AtomicLong done = new AtomicLong();
    long start = System.nanoTime();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      threads.add(Thread.ofPlatform().name("fuzz-" + w).start(() -> {
        long i;
        while ((i = next.getAndIncrement()) < cases && tally.hangs() < MAX_HANGS) {
          try {
            tally.add(ReplyFuzzer.run(FuzzCase.generate(firstSeed + i)));
            done.incrementAndGet();
          } catch (InterruptedException e) {
            return;
          }
        }
      }));
    }
    for (Thread t : threads) {
      t.join();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("reply fuzz: %d cases in %.1f s (%.0f cases/s), first seed %d, %d worker(s)%s%n", done.get(),
        seconds, done.get() / seconds, firstSeed, workers,
        tally.hangs() >= MAX_HANGS ? "; stopped after " + MAX_HANGS + " cases with calls that never returned" : "");
    System.out.print(tally.report());
    assertEquals(0, tally.casesWithFindings(), tally.report());
  }

  /**
   * The control: the same cases with only harmless mutations (notices, parameter changes,
   * notifications anywhere, or none) must all pass — each call gets exactly its own result and the
   * connection stays usable. This also proves the harness and the oracle sound.
   */
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void harmlessMutationsChangeNothing() throws Exception {
    long cases = Math.min(20_000, Long.getLong("sluice.fuzz.cases", DEFAULT_CASES));
    long firstSeed = Long.getLong("sluice.fuzz.seed", 17L);
    Tally tally = new Tally();
    for (long i = 0; i < cases && tally.hangs() < MAX_HANGS; i++) {
      tally.add(ReplyFuzzer.run(FuzzCase.generate(firstSeed + i).harmless()));
    }
    assertEquals(0, tally.casesWithFindings(), tally.report());
  }

  static String describe(CaseResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append("seed ").append(r.fuzzCase().seed()).append(r.fuzzCase().unnamed() ? " unnamed" : " named")
        .append(r.fuzzCase().harmlessOnly() ? " harmless" : "")
        .append(", calls ").append(r.fuzzCase().calls()).append(", mutations ").append(r.mutations());
    for (Finding f : r.findings()) {
      sb.append("\n    ").append(f.kind()).append(": ").append(f.detail());
    }
    return sb.toString();
  }

  /**
   * Cases with findings, counted three ways, each with its lowest seeds: by every kind found in
   * the case, by the kind found first in request order (the root cause; later calls mostly suffer
   * its consequences), and by the protocol break the engine let through (its missing check).
   */
  static final class Tally {
    private final Seeds<String> anyKind = new Seeds<>();
    private final Seeds<Kind> firstKind = new Seeds<>();
    private final Seeds<String> breaks = new Seeds<>();
    private long withFindings;

    synchronized void add(CaseResult r) {
      if (r.findings().isEmpty()) {
        return;
      }
      withFindings++;
      r.findings().stream().map(Finding::label).distinct().forEach(k -> anyKind.add(k, r));
      firstKind.add(r.findings().get(0).kind(), r);
      if (r.letThrough() != null) {
        breaks.add(r.letThrough(), r);
      }
    }

    synchronized long hangs() {
      return anyKind.count(Kind.HANG.name());
    }

    synchronized long casesWithFindings() {
      return withFindings;
    }

    synchronized String report() {
      return withFindings + " case(s) with findings\n"
          + "== by the kind found first (root cause), with the lowest seeds:\n" + firstKind.report(SEEDS_SHOWN)
          + "== by the protocol break let through (missing check), with the lowest seed:\n" + breaks.report(1)
          + "== by every kind found in a case, with the lowest seed:\n" + anyKind.report(1);
    }
  }

  /** Counts per key, and the cases with the lowest seeds for each. */
  static final class Seeds<K> {
    private final Map<K, Long> counts = new TreeMap<>();
    private final Map<K, List<CaseResult>> lowest = new HashMap<>();

    void add(K key, CaseResult r) {
      counts.merge(key, 1L, Long::sum);
      List<CaseResult> l = lowest.computeIfAbsent(key, x -> new ArrayList<>());
      l.add(r);   // keep the lowest seeds: workers finish cases out of order
      l.sort((a, b) -> Long.compare(a.fuzzCase().seed(), b.fuzzCase().seed()));
      if (l.size() > SEEDS_SHOWN) {
        l.remove(SEEDS_SHOWN);
      }
    }

    long count(K key) {
      return counts.getOrDefault(key, 0L);
    }

    String report(int shown) {
      StringBuilder sb = new StringBuilder();
      counts.forEach((k, n) -> {
        sb.append("  ").append(k).append(": ").append(n).append(" case(s)\n");
        lowest.get(k).stream().limit(shown).forEach(r -> sb.append("    ").append(describe(r).replace("\n", "\n  "))
            .append('\n'));
      });
      return sb.toString();
    }
  }
}
