#!/usr/bin/env bash
# Builds the tokio-postgres peer from its pinned versions. Cargo.lock.pinned is Cargo.lock without
# its registry source lines (this project names no package registry's host in its files); cargo
# writes the default registry's source line into a throwaway lock, it goes back into each registry
# package's entry, right after its version as cargo writes it, and --locked then builds exactly the
# pinned versions (a lock that does not match what cargo would write fails the build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
mkdir "$probe/src"
: > "$probe/src/lib.rs"
printf '[package]\nname = "registry-probe"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nlibc = "0.2"\n' \
  > "$probe/Cargo.toml"
(cd "$probe" && cargo generate-lockfile --quiet)
source_line=$(grep -m1 '^source = ' "$probe/Cargo.lock")
awk -v src="$source_line" '
  function flush(  i, registry) {
    registry = 0
    for (i = 1; i <= n; i++) if (lines[i] ~ /^checksum = /) registry = 1
    for (i = 1; i <= n; i++) { print lines[i]; if (registry && lines[i] ~ /^version = /) print src }
    n = 0
  }
  /^\[\[package\]\]$/ { flush() }
  { lines[++n] = $0 }
  END { flush() }' Cargo.lock.pinned > Cargo.lock
cargo build --release --locked --quiet
