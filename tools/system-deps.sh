#!/usr/bin/env bash
# The tests need programs from Debian: Chromium (end-to-end tests, driven by
# playwright-core), PostgreSQL (the PostgreSQL store runs the same contract as SQLite) and
# Redis (the bus, questions and liveness of several instances run against a real redis-server);
# HAProxy is the front of `npm run cluster` (deploy/haproxy.cfg).
# On a fresh Debian machine, as root, this installs what is missing; elsewhere it says what
# to install and fails, so no test is ever skipped for want of them.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# In /usr/sbin, which a user's PATH may leave out.
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} from Debian (needed by the tests)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The tests need: ${missing[*]} (Debian packages). Install them, e.g. sudo apt-get install ${missing[*]}" >&2
exit 1
