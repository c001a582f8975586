#!/usr/bin/env bash
# Installs Debian's redis-server for the fan-out tests (two replicas sharing commits over Redis pub/sub). The tests
# start their own redis-server on a free loopback port, without persistence; the package's service is not used.
# Safe to run more than once; needs root (CI and the dev machines run as root).
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends redis-server >/dev/null
command -v redis-server
