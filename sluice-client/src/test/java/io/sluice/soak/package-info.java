/**
 * The soak test of issue 17 ({@link io.sluice.soak.SoakTest}), outside the default test run:
 * virtual threads read and write through a {@link io.sluice.Pool} while faults hit the server
 * and the link; every answer the client gave is kept and, at the end, held against the table.
 *
 * <p>Parts: {@link io.sluice.soak.SoakPlan} (how long, how hard), {@link io.sluice.soak.Worker}
 * (the calls, each recorded in its {@link io.sluice.soak.WriteLog}), {@link
 * io.sluice.soak.FaultInjector} (the faults, timed on a {@link io.sluice.soak.FaultClock}),
 * {@link io.sluice.soak.Watchdog} (calls past their bound), {@link io.sluice.soak.FailureRules}
 * (failures that break a promise whatever the faults), {@link io.sluice.soak.TableAudit} (writes
 * against rows), {@link io.sluice.soak.SoakRun} (the phases) and {@link io.sluice.soak.SoakSummary}.
 */
package io.sluice.soak;
