#!/usr/bin/env bash
# The template plugin package as an author has it, built once before the tests: Examples/SwiftPlugin
# copied to FOLDER/MyIndicator, pointed at this checkout, its plugin and tests built. The test that
# uses it (AuthorPackageTests, with REFRESHKIT_AUTHOR_PACKAGE=FOLDER/MyIndicator) then changes and
# runs it; each `make test` starts from a fresh copy.
#   scripts/prepare-author-package.sh FOLDER
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$1
rm -rf "$folder"
mkdir -p "$folder"
cp -R Examples/SwiftPlugin "$folder/MyIndicator"
rm -rf "$folder/MyIndicator/.build"
manifest="$folder/MyIndicator/Package.swift"
grep -q 'path: "../.."' "$manifest" || { echo "prepare-author-package: $manifest does not name the checkout as path: \"../..\"" >&2; exit 1; }
sed -i "s|path: \"../..\"|path: \"$PWD\"|" "$manifest"
# Its whole log is kept: `make test` counts the warnings about RefreshKit's files in it.
swift build --build-tests --package-path "$folder/MyIndicator" 2>&1 | tee "$folder/build.log" | tail -1
