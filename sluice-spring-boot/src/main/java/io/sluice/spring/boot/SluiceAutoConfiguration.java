package io.sluice.spring.boot;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Pool;
import io.sluice.event.EventListener;
import io.sluice.jdbc.SluiceDataSource;
import io.sluice.jdbc.SluicePoolDataSource;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;

/**
 * A {@link DataSource} on sluice-jdbc and an {@link Pool} bean for the native API, both on the
 * server of {@code spring.datasource.url}/{@code username}/{@code password} (or of a service
 * connection's {@link JdbcConnectionDetails}), when that is Sluice's to serve
 * ({@link OnSluiceUrlCondition}). After Testcontainers' service connections, which register their
 * details as beans. Runs before Spring Boot's own
 * {@link DataSourceAutoConfiguration}, whose pooled data source then steps back (it is
 * conditional on no {@code DataSource} bean); the rest of Boot's JDBC support (JdbcTemplate,
 * transaction manager, SQL initialisation, the "db" health indicator, Hikari's metrics) uses this
 * one as it would its own.
 *
 * <p>Which pool serves the DataSource is {@code spring.sluice.jdbc-pool}: HikariCP over
 * sluice-jdbc (with {@code spring.datasource.hikari.*}), or Sluice's own pool, which is then the
 * {@code Pool} bean too.
 */
@AutoConfiguration(before = DataSourceAutoConfiguration.class,
    afterName = "org.springframework.boot.testcontainers.service.connection.ServiceConnectionAutoConfiguration")
@ConditionalOnClass({DataSource.class, SluiceDataSource.class})
@ConditionalOnMissingBean(DataSource.class)
@Conditional(OnSluiceUrlCondition.class)
@EnableConfigurationProperties({DataSourceProperties.class, SluiceProperties.class})
public class SluiceAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  SluiceServer sluiceServer(DataSourceProperties dataSource, SluiceProperties sluice,
      ObjectProvider<JdbcConnectionDetails> serviceConnection, ObjectProvider<EventListener> listeners) {
    EventListener[] all = listeners.orderedStream().toArray(EventListener[]::new);
    EventListener listener = all.length == 0 ? null : all.length == 1 ? all[0] : EventListener.all(all);
    return SluiceServer.of(serviceConnection.getIfAvailable(), dataSource, sluice.connectionParameters(), listener);
  }

  /** HikariCP over sluice-jdbc: the default while HikariCP is on the class path (see docs/spring-boot.md). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HikariDataSource.class)
  @Conditional(PoolChoice.Hikari.class)
  static class Hikari {
    @Bean
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(SluiceServer server, SluiceProperties sluice, DataSourceProperties properties) {
      SluiceDataSource ds = server.dataSource();
      ds.setRoutingPoolOptions(sluice.getPool().options());   // used when readRouting routes
      HikariDataSource hikari = new HikariOverSluice(ds);
      if (StringUtils.hasText(properties.getName())) {
        hikari.setPoolName(properties.getName());
      }
      return hikari;
    }

    /**
     * For the native API, on the same server settings: with {@code readRouting}, the routing pool
     * HikariCP's connections take their sessions from (one read-your-writes floor for both); else
     * a pool of its own. Closed with the DataSource, after the beans that use it.
     */
    @Bean(destroyMethod = "")
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty(name = "spring.sluice.pool.enabled", matchIfMissing = true)
    Pool sluicePool(SluiceServer server, SluiceProperties sluice, HikariDataSource dataSource) {
      if (dataSource instanceof HikariOverSluice h
          && server.connectionConfig().readRouting() != io.sluice.ReadRouting.PRIMARY) {
        return h.sluice().routingPool();
      }
      Pool pool = Pool.open(server.connectionConfig(), sluice.getPool().options());
      if (dataSource instanceof HikariOverSluice h) {
        h.alsoClose(pool);
      }
      return pool;
    }
  }

  /** Sluice's own pool behind the DataSource; the {@code Pool} bean is that same pool. */
  @Configuration(proxyBeanMethods = false)
  @Conditional(PoolChoice.Sluice.class)
  static class SluicePool {
    @Bean
    SluicePoolDataSource dataSource(SluiceServer server, SluiceProperties sluice) {
      return new SluicePoolDataSource(server.dataSource(), sluice.getPool().options());
    }

    /** The DataSource's own pool: closed with it, so no destroy method of its own. */
    @Bean(destroyMethod = "")
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty(name = "spring.sluice.pool.enabled", matchIfMissing = true)
    Pool sluicePool(SluicePoolDataSource dataSource) {
      return dataSource.pool();
    }
  }
}
