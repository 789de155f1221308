#!/usr/bin/env bash
# A real single-node Apache Kafka broker (KRaft) for tests, CI and local distributed runs, built from Maven Central
# jars only (tools/kafka/pom.xml): no Docker, no tarball.
#
#   scripts/kafka.sh fetch    copy the broker jars into .cache/kafka/libs (skipped when already there)
#   scripts/kafka.sh start    fetch, format fresh KRaft storage, start the broker, wait until it is ready
#                             (KAFKA_KEEP_DATA=1: reuse the last run's storage on this port, like a restart)
#   scripts/kafka.sh stop     stop the broker this script started (SIGTERM, SIGKILL after 15 s), by its own PID
#   scripts/kafka.sh status   exit 0 and print the bootstrap address when running, exit 3 when not
#
# Test harnesses share one broker between test processes with leases (events/src/testing/kafka.ts):
#   scripts/kafka.sh start LEASE     as start, and records LEASE ("<pid>-<token>" of the process using it)
#   scripts/kafka.sh release LEASE   drops LEASE; stops the broker when no live lease is left (a lease whose
#                                    process died counts as gone), unless someone started it by hand
#
# KAFKA_PORT (default 19092) is the client port; the controller listens on KAFKA_CONTROLLER_PORT (default
# KAFKA_PORT + 1). Each port gets its own state folder .cache/kafka/broker-<port>, so a test broker and a
# developer's broker can run side by side. start prints the bootstrap address (127.0.0.1:<port>) on stdout;
# everything else goes to stderr. Exit codes: 0 ok, 1 the broker failed, 2 a prerequisite is missing
# (java 17+, mvn, or Maven Central unreachable), 3 not running (status).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache/kafka"
LIBS="$CACHE/libs"
POM="$ROOT/tools/kafka/pom.xml"
PORT="${KAFKA_PORT:-19092}"
CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-$((PORT + 1))}"
RUN="$CACHE/broker-$PORT"
PID_FILE="$RUN/broker.pid"
LOG="$RUN/broker.log"
START_TIMEOUT_S="${KAFKA_START_TIMEOUT_S:-60}"
STOP_GRACE_S=15
LEASES="$CACHE/leases-$PORT"
READY_LINE='Kafka Server started'

say() { echo "kafka: $*" >&2; }
missing() { say "$*"; exit 2; }

java_bin() {
  if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then echo "$JAVA_HOME/bin/java"; else command -v java || true; fi
}

require_java() {
  local java major
  java="$(java_bin)"
  [[ -n "$java" ]] || missing "java not found (Kafka 4.x needs Java 17+)"
  major="$("$java" -version 2>&1 | sed -nE '1s/.*version "([0-9]+).*/\1/p')"
  [[ -n "$major" && "$major" -ge 17 ]] || missing "Java 17+ needed, found: $("$java" -version 2>&1 | head -1)"
  echo "$java"
}

# The jars are keyed by the POM's hash, so changing the Kafka version in pom.xml fetches again.
pom_hash() { sha256sum "$POM" | cut -c1-16; }

fetch() {
  local stamp="$LIBS/.pom-$(pom_hash)"
  [[ -f "$stamp" ]] && return 0
  command -v mvn >/dev/null || missing "mvn not found (needed once to fetch the broker jars from Maven Central)"
  mkdir -p "$CACHE"
  # Two test runs may fetch at once: one does it, the other waits and then sees the stamp.
  exec 9>"$CACHE/fetch.lock"
  flock 9
  if [[ ! -f "$stamp" ]]; then
    local tmp="$CACHE/libs.tmp.$$" started=$SECONDS
    rm -rf "$tmp"
    say "fetching broker jars from Maven Central ($POM) ..."
    if ! mvn -B -q -Dstyle.color=never -f "$POM" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" >&2; then
      rm -rf "$tmp"
      missing "mvn dependency:copy-dependencies failed (Maven Central unreachable?)"
    fi
    touch "$tmp/.pom-$(pom_hash)"
    rm -rf "$LIBS"
    mv "$tmp" "$LIBS"
    say "fetched $(find "$LIBS" -name '*.jar' | wc -l) jars, $(du -sh "$LIBS" | cut -f1), in $((SECONDS - started)) s"
  fi
  exec 9>&-
}

# The PID in the pid file, if it is still this broker (not a recycled PID of something else).
running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE")"
  [[ "$pid" =~ ^[0-9]+$ ]] && alive "$pid" || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "kafka.Kafka $RUN/server.properties" || return 1
  echo "$pid"
}

# Alive and not a zombie: start's own child stays a zombie after it exits, and kill -0 succeeds on zombies.
alive() { [[ -r "/proc/$1/stat" ]] && [[ "$(sed -E 's/^.*\) (.).*/\1/' "/proc/$1/stat")" != Z ]]; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A Kafka cluster id: 16 random bytes, base64url without padding (22 chars), not starting with '-'.
cluster_id() {
  local id
  while :; do
    id="$(head -c16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
    [[ "$id" != -* ]] && { echo "$id"; return; }
  done
}

lease_alive() { alive "${1%%-*}"; }

prune_leases() {
  local f
  for f in "$LEASES"/*; do
    [[ -e "$f" ]] || continue
    lease_alive "$(basename "$f")" || rm -f "$f"
  done
}

check_lease() { [[ "$1" =~ ^[0-9]+-[A-Za-z0-9]+$ ]] || { say "bad lease '$1' (want <pid>-<token>)"; exit 64; }; }

start() {
  local lease="${1:-}"
  if [[ -n "$lease" ]]; then
    check_lease "$lease"
    mkdir -p "$LEASES"
    touch "$LEASES/$lease"
  fi
  if running_pid >/dev/null; then
    # started by hand now: a lease holder's release must not stop it
    [[ -z "$lease" ]] && rm -f "$RUN/leased"
    say "already running on 127.0.0.1:$PORT (pid $(cat "$PID_FILE"))"
    echo "127.0.0.1:$PORT"
    return 0
  fi
  local java
  java="$(require_java)"
  fetch
  for p in "$PORT" "$CONTROLLER_PORT"; do
    port_open "$p" && { say "port $p is already taken by another process; choose another with KAFKA_PORT (test runs: KAFKA_TEST_PORT)"; exit 1; }
  done

  local started=$SECONDS
  # KAFKA_KEEP_DATA=1 starts again on the storage of the last run on this port (topics, offsets, groups kept),
  # as a real broker restart does; the fault tests use it. Otherwise every start is a fresh, empty broker.
  local keep=""
  [[ "${KAFKA_KEEP_DATA:-}" == 1 && -f "$RUN/data/meta.properties" ]] && keep=1
  [[ -z "$keep" ]] && rm -rf "$RUN"
  mkdir -p "$RUN"
  [[ -n "$lease" ]] && touch "$RUN/leased"
  sed -e "s#__DATA_DIR__#$RUN/data#" -e "s#__PORT__#$PORT#g" -e "s#__CONTROLLER_PORT__#$CONTROLLER_PORT#g" \
    "$ROOT/tools/kafka/server.properties" >"$RUN/server.properties"
  # C1 only (TieredStopAtLevel=1) starts the broker in about half the time on 2 busy cores; for a benchmark set
  # KAFKA_JVM_OPTS='-Xms1g -Xmx1g -XX:+UseG1GC' to get the full JIT back.
  local tuning
  read -r -a tuning <<<"${KAFKA_JVM_OPTS:--Xms256m -Xmx512m -XX:+UseG1GC -XX:TieredStopAtLevel=1}"
  local jvm=("${tuning[@]}" -Djava.awt.headless=true "-Dlog4j2.configurationFile=$ROOT/tools/kafka/log4j2.properties")
  if [[ -z "$keep" ]]; then
    "$java" "${jvm[@]}" -cp "$LIBS/*" kafka.tools.StorageTool format -t "$(cluster_id)" -c "$RUN/server.properties" \
      >"$RUN/format.log" 2>&1 || { cat "$RUN/format.log" >&2; say "formatting KRaft storage failed"; exit 1; }
  fi

  # setsid: the broker outlives this script and is not hit by the terminal's Ctrl-C meant for a test run.
  # 8>&-: the broker must not inherit (and so hold) the port lock.
  setsid "$java" "${jvm[@]}" -cp "$LIBS/*" kafka.Kafka "$RUN/server.properties" >"$LOG" 2>&1 </dev/null 8>&- &
  local pid=$!
  echo "$pid" >"$PID_FILE"

  local deadline=$((SECONDS + START_TIMEOUT_S))
  until grep -q "$READY_LINE" "$LOG" 2>/dev/null; do
    if ! alive "$pid"; then
      tail -n 40 "$LOG" >&2
      rm -f "$PID_FILE"
      say "broker exited during start"
      exit 1
    fi
    if ((SECONDS >= deadline)); then
      tail -n 40 "$LOG" >&2
      say "not ready after ${START_TIMEOUT_S} s; stopping it"
      stop
      exit 1
    fi
    sleep 0.2
  done
  say "started on 127.0.0.1:$PORT (pid $pid) in $((SECONDS - started)) s; log $LOG"
  echo "127.0.0.1:$PORT"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    rm -f "$PID_FILE"
    say "not running on port $PORT"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + STOP_GRACE_S))
  while alive "$pid" && ((SECONDS < deadline)); do sleep 0.2; done
  if alive "$pid"; then
    say "still running after ${STOP_GRACE_S} s; SIGKILL $pid"
    kill -KILL "$pid" 2>/dev/null || true
    while alive "$pid"; do sleep 0.1; done
  fi
  rm -f "$PID_FILE"
  say "stopped (pid $pid)"
}

release() {
  check_lease "$1"
  rm -f "$LEASES/$1"
  prune_leases
  if [[ -n "$(ls -A "$LEASES" 2>/dev/null)" ]]; then
    say "still leased on port $PORT: $(ls "$LEASES" | tr '\n' ' ')"
  elif [[ -f "$RUN/leased" ]]; then
    stop
  fi
}

status() {
  local pid
  if pid="$(running_pid)" && port_open "$PORT"; then
    say "running on 127.0.0.1:$PORT (pid $pid)"
    echo "127.0.0.1:$PORT"
  else
    say "not running on port $PORT"
    exit 3
  fi
}

# start, stop and release decide under one lock per port, so two test processes never race a start and a stop.
lock_port() {
  mkdir -p "$CACHE"
  exec 8>"$CACHE/broker-$PORT.lock"
  flock 8
}

case "${1:-}" in
  fetch) fetch ;;
  start) lock_port; start "${2:-}" ;;
  stop) lock_port; stop ;;
  release) [[ -n "${2:-}" ]] || { echo "usage: $0 release LEASE" >&2; exit 64; }; lock_port; release "$2" ;;
  status) status ;;
  *) echo "usage: $0 fetch|start [LEASE]|stop|release LEASE|status   (KAFKA_PORT=$PORT)" >&2; exit 64 ;;
esac
