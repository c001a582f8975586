#!/usr/bin/env bash
# Installs the real consumers the native-output tests run (issue 26), the way install-test-browser.sh installs
# Chromium: Debian's aapt and Android framework resources, a Java runtime for kotlinc, and from the npm registry
# (scripts/native-tools/package-lock.json, checked against its integrity hashes) kotlin-compiler, tree-sitter with the
# Swift grammar (built here with the machine's g++) and web-tree-sitter with the Dart grammar's bundled WebAssembly.
# Nothing is downloaded from anywhere else: the grammars' own install scripts (which fetch from GitHub) never run.
# Safe to run more than once; needs root for apt (CI and the dev machines run as root). Costs about 250 MB and one to
# two minutes on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/native-tools"

missing=()
command -v aapt >/dev/null 2>&1 || missing+=(aapt)
[[ -f /usr/share/android-framework-res/framework-res.apk ]] || missing+=(android-framework-res)
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
if (( ${#missing[@]} > 0 )); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [[ ! -f node_modules/.installed ]] || [[ package-lock.json -nt node_modules/.installed ]]; then
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  # The Node bindings are a native addon (the Swift grammar ships prebuilt N-API binaries in its npm tarball): build it here with npm's node-gyp against the running
  # Node's own headers (its official package ships them), never a prebuilt binary from GitHub.
  export npm_config_nodedir="${npm_config_nodedir:-$(dirname "$(dirname "$(command -v node)")")}"
  # Node 24's headers need C++20; the bindings' own build file still asks for C++17 (a later flag wins).
  CXXFLAGS=-std=c++20 npm rebuild tree-sitter --loglevel=error >/dev/null
  touch node_modules/.installed
fi
echo "native tools: aapt $(aapt version 2>&1 | head -1 | awk '{print $NF}'), $(java -version 2>&1 | head -1), kotlinc $(node -p "require('./node_modules/kotlin-compiler/package.json').version")" >&2
