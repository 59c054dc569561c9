#!/bin/sh
# Installs the Debian packages autotile needs (jq: for the test scripts
# that read --report), when one is missing.
# Run as root (or through sudo); otherwise prints the command to run.
set -e
PKGS="gcc make libclang-dev libisl-dev libcjson-dev libjemalloc-dev libopenblas-dev libgomp1 jq libxml2-utils"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "autotile: installing missing packages:$missing"
if [ "$(id -u)" = 0 ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo apt-get update -qq
	sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
else
	echo "autotile: error: missing packages:$missing" >&2
	echo "autotile: run as root: apt-get install$missing" >&2
	exit 1
fi
