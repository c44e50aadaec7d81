{sluice/interval sluice.impl.values/interval}
