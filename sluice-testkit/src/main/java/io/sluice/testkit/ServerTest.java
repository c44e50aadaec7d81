package io.sluice.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that needs a real server: a PostgreSQL the testkit starts (the shared one, a
 * dedicated one, a fleet) or another daemon (PgBouncer, a KDC, Patroni). It carries the JUnit tag
 * {@value #TAG}, which the unit run ({@code -Punit}, {@code bin/sluice test --unit}) leaves out, and
 * {@link ServerExtension}, which hands the suite's shared server to any {@link PostgresServer}
 * parameter of a constructor, {@code @BeforeAll}, {@code @BeforeEach} or test method.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Tag(ServerTest.TAG)
@ExtendWith(ServerExtension.class)
public @interface ServerTest {
  /** The JUnit tag of tests that need a server. */
  String TAG = "server";
}
