package io.sluice.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.PoolOptions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/** What {@code spring.sluice.*} turns into: pool options and Sluice connection parameters. */
class SluicePropertiesTest {
  @Test
  void thePoolDefaultsArePoolOptionsDefaults() {
    assertThat(new SluiceProperties().getPool().options()).isEqualTo(PoolOptions.DEFAULT);
  }

  @Test
  void nothingSetIsNoParameterSoSluicesOwnDefaultsHold() {
    assertThat(new SluiceProperties().connectionParameters()).isEmpty();
  }

  @Test
  void eachSettingIsItsSluiceParameter() {
    SluiceProperties p = new SluiceProperties();
    p.setStatementCacheSize(0);
    p.setPipelineDepth(1);
    p.setQueryTimeout(Duration.ofMillis(1500));
    p.setCancelTimeout(Duration.ofSeconds(2));
    p.setPinTimeout(Duration.ofMillis(250));
    p.setConnectTimeout(Duration.ofSeconds(4));
    p.setMaxMessageSize(DataSize.ofMegabytes(2));
    p.getParameters().put("target_session_attrs", "read-write");
    p.getParameters().put("pipeline_depth", "8");   // named in parameters: wins
    assertThat(p.connectionParameters()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "statement_cache_size", "0", "pipeline_depth", "8", "query_timeout", "1.5", "cancel_timeout", "2",
        "pin_timeout", "0.25", "connect_timeout", "4", "max_message_size", "2097152",
        "target_session_attrs", "read-write"));
  }
}
