#!/usr/bin/env bash
# Puts lottie-web 5.7.4 in FOLDER/lottie-player.js for the web handoff's test in Chromium: the
# wagtail-lottie wheel from PyPI ships it (the test's own copy, never in the repository). Does nothing
# when it is there already.
set -euo pipefail
folder=${1:?usage: fetch-lottie-web.sh FOLDER}
[ -s "$folder/lottie-player.js" ] && exit 0
mkdir -p "$folder"
python3 -m pip download --quiet --no-deps --only-binary=:all: wagtail-lottie==0.1.19 -d "$folder/wheel"
python3 - "$folder" <<'PY'
import glob, sys, zipfile
folder = sys.argv[1]
wheel = zipfile.ZipFile(glob.glob(f"{folder}/wheel/wagtail_lottie-*.whl")[0])
player = wheel.read("wagtail_lottie/static/wagtail_lottie/lottie-player.js")
assert b'lottie.version="5.7.4"' in player, "the wheel's lottie-web is not 5.7.4"
open(f"{folder}/lottie-player.js.part", "wb").write(player)
PY
mv "$folder/lottie-player.js.part" "$folder/lottie-player.js"
rm -rf "$folder/wheel"
