#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Bevy needs to build (and to run headless for tests).
# Does nothing when they are already there; needs root or sudo otherwise.
set -euo pipefail
packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev
          xvfb mesa-vulkan-drivers)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
