package io.sluice;

/** libpq's {@code load_balance_hosts} (PostgreSQL 16+): the order in which hosts are tried. */
public enum LoadBalanceHosts {
  /** Try the hosts (and each host's addresses) in the order given. The default. */
  DISABLE("disable"),
  /** Shuffle the hosts, and each host's resolved addresses, before trying them. */
  RANDOM("random");

  private final String keyword;

  LoadBalanceHosts(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling. */
  public String keyword() {
    return keyword;
  }
}
