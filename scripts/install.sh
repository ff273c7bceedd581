#!/usr/bin/env bash
# Installs RefreshKit under a prefix, so the tools work from any folder:
#   PREFIX/bin/refresh-dump, refresh-preview          the tools
#   PREFIX/bin/refresh-plugin-host                    the child each plugin runs in (beside the tools)
#   PREFIX/lib/refreshkit/plugins/<id>.refreshplugin  the built-in plugins, as bundles (packed and validated)
#   PREFIX/share/refreshkit/                          the shared assets (fonts configuration, scenarios, icons)
#   PREFIX/include/refreshkit/refresh_plugin.h        the plugin ABI, and share/refreshkit/plugin-exports.map
# Usage: scripts/install.sh PREFIX PRODUCTS-FOLDER [PLUGIN-PRODUCT...]   (run from the repository)
set -euo pipefail
prefix=${1:?usage: scripts/install.sh PREFIX PRODUCTS-FOLDER [PLUGIN-PRODUCT...]}
products=${2:?usage: scripts/install.sh PREFIX PRODUCTS-FOLDER [PLUGIN-PRODUCT...]}
shift 2
plugins=("$@")
((${#plugins[@]})) || plugins=(RefreshSpinner RefreshSpinnerC RefreshRainbow RefreshPathDrawing RefreshLabel RefreshLottie RefreshMaterial RefreshWaterDrop RefreshBezierRadar RefreshStoreHouse RefreshPhoenix RefreshTaurus RefreshImageSequence)

mkdir -p "$prefix/bin" "$prefix/lib/refreshkit/plugins" "$prefix/share/refreshkit" "$prefix/include/refreshkit"
install -m 755 "$products/refresh-dump" "$products/refresh-preview" "$products/refresh-plugin-host" "$prefix/bin/"
rm -rf "$prefix/share/refreshkit/Fonts" "$prefix/share/refreshkit/Scenarios" "$prefix/share/refreshkit/Icons"
cp -R Assets/Fonts Assets/Scenarios Assets/Icons "$prefix/share/refreshkit/"
install -m 644 Plugins/plugin-exports.map "$prefix/share/refreshkit/"
install -m 644 Sources/CRefreshPlugin/include/refresh_plugin.h "$prefix/include/refreshkit/"

for plugin in "${plugins[@]}"; do
  resources=()
  # The Lottie plugin's shipped animations travel in its bundle's resources/.
  [[ $plugin == RefreshLottie ]] && resources=(--resources Assets/Lottie)
  "$prefix/bin/refresh-dump" pack "$products/lib$plugin.so" --out "$prefix/lib/refreshkit/plugins" \
    --author RefreshKit --license NOASSERTION "${resources[@]}"
done
echo "Installed into $prefix; run $prefix/bin/refresh-preview or $prefix/bin/refresh-dump list"
