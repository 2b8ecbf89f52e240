#!/usr/bin/env bash
# Installs what the tests need and a fresh machine lacks, so that `npm test` works from a clean
# clone: Debian's Chromium for the end-to-end tests. (The MongoDB-compatible test server is built
# by the sync-server test setup itself, through the Go module proxy, and cached.)
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

echo "ensure-test-tools: /usr/bin/chromium is missing, installing Debian's chromium package"
sudo=''
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo='sudo'
  else
    echo "ensure-test-tools: need root (or sudo) to apt-get install chromium" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
