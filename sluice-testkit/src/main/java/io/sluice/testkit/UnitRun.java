package io.sluice.testkit;

/**
 * The unit run ({@code -Punit}: system property {@code sluice.testRun=unit}) starts no server: every
 * place in the testkit that would start or reach one asks here first, so a test that needs a server
 * but lacks {@link ServerTest} fails at once with what to do, instead of running a server unseen.
 */
final class UnitRun {
  private UnitRun() {}

  static void refuse(String what) {
    if ("unit".equals(System.getProperty("sluice.testRun"))) {
      throw new TestkitException("the unit run starts no server, and this test would start or reach " + what
          + ": mark its class @io.sluice.testkit.ServerTest");
    }
  }
}
