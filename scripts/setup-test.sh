#!/usr/bin/env bash
# One-time setup for `npm run check` on a developer's machine: Debian's Chromium for the e2e suite and the Kafka
# broker jars (from Maven Central) for the Kafka suites. What cannot be set up is reported, not fatal: those
# suites then skip with the reason printed. With CI=true everything is required.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
missing=0

report() {
  echo "setup:test: $*" >&2
  missing=1
}

if [[ -x /usr/bin/chromium ]]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
elif [[ "$(id -u)" == 0 ]]; then
  DEBIAN_FRONTEND=noninteractive apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=300 chromium
else
  report "no /usr/bin/chromium; install it with: sudo apt-get install -y chromium (the e2e suite skips without it)"
fi

if bash scripts/kafka.sh fetch; then
  echo "kafka: broker jars in .cache/kafka/libs"
else
  report "no Kafka broker jars (needs Java 17+, mvn and Maven Central; the Kafka suites skip without them)"
fi

if [[ "$missing" == 1 && "${CI:-}" == true ]]; then
  echo "setup:test: CI needs all of the above" >&2
  exit 1
fi
