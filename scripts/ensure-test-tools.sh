#!/usr/bin/env bash
# Installs what the tests need and a fresh machine may lack, so that `npm test` works from a clean
# clone: Debian's Chromium for the end-to-end tests, and a JDK with Maven for the
# MongoDB-compatible test server (mongo-java-server from Maven Central, which the sync-server
# test setup builds and caches in ~/.cache/lfit), and poppler's pdftotext, which reads back the
# certificates the e2e tests print to PDF. Skips whatever is already there.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium fonts-dejavu-core)
command -v javac >/dev/null 2>&1 || packages+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null 2>&1 || packages+=(maven)
# pdftotext reads back the certificates the e2e tests print to PDF.
command -v pdftotext >/dev/null 2>&1 || packages+=(poppler-utils)

if [ "${#packages[@]}" -eq 0 ]; then
  exit 0
fi

echo "ensure-test-tools: installing ${packages[*]} from Debian's packages"
sudo=''
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo='sudo'
  else
    echo "ensure-test-tools: need root (or sudo) to apt-get install ${packages[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
if [ -x /usr/bin/chromium ]; then /usr/bin/chromium --version; fi
