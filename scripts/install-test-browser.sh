#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (no browser download from elsewhere).
# Safe to run more than once; needs root (CI and the dev machines run as root).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
command -v chromium
