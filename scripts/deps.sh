#!/usr/bin/env bash
# Installs what Huebench needs beyond the Swift toolchain (Debian packages). Quiet when nothing is missing.
# Sourced by the other scripts. As root it installs; otherwise it prints the exact command and exits 1.
set -euo pipefail
hb_missing=()
pkg-config --exists lua5.4 2>/dev/null || hb_missing+=(liblua5.4-dev)
command -v pkg-config >/dev/null 2>&1 || hb_missing+=(pkg-config)
pkg-config --exists cairo 2>/dev/null || hb_missing+=(libcairo2-dev)
pkg-config --exists zlib 2>/dev/null || hb_missing+=(zlib1g-dev)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || hb_missing+=(fonts-dejavu-core)
for extra in ${HB_EXTRA_PACKAGES:-}; do
    dpkg -s "$extra" >/dev/null 2>&1 || hb_missing+=("$extra")
done
if [ ${#hb_missing[@]} -gt 0 ]; then
    hb_cmd="apt-get update -qq && apt-get install -y -qq ${hb_missing[*]}"
    if [ "$(id -u)" = 0 ]; then
        echo "huebench: installing ${hb_missing[*]}" >&2
        DEBIAN_FRONTEND=noninteractive bash -c "$hb_cmd" >/tmp/huebench-apt.log 2>&1 \
            || { echo "huebench: install failed; see /tmp/huebench-apt.log" >&2; exit 1; }
    else
        echo "huebench: missing ${hb_missing[*]}; run as root: sudo bash -c '$hb_cmd'" >&2
        exit 1
    fi
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "huebench: the Swift toolchain is not on PATH (install Swift 6 from swift.org first)" >&2
    exit 1
fi
