#!/usr/bin/env bash
# Sets up this machine for Melody Studio, idempotently: the Debian packages the product needs (and, with
# --test, those its tests need), the npm packages from the committed lockfile, and the web build.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the running product needs from Debian, listed with why in scripts/runtime-packages.
read -r -a runtime_packages <<< "$(grep -v '^#' scripts/runtime-packages | tr '\n' ' ')"
# What the tests need on top: a real browser for Playwright.
test_packages=(chromium)

packages=("${runtime_packages[@]}")
if [[ "${1:-}" == "--test" ]]; then packages+=("${test_packages[@]}"); fi

install_debian_packages() {
  local missing=()
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  ((${#missing[@]} == 0)) && return 0
  echo "Installing Debian packages: ${missing[*]}"
  if [[ "$(id -u)" == 0 ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "These Debian packages are missing and this user cannot install them:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}

# macOS (not tested on this project's machines): Homebrew has ffmpeg, FluidSynth and lame, but neither
# Festival's voices nor the GM soundfont, so the offline engine cannot sing there: generate songs through a
# music API (MUSIC_API_KEY), or run the Docker image. Journeys need a Chromium at CHROMIUM_PATH.
install_homebrew_packages() {
  local missing=()
  for formula in ffmpeg fluid-synth lame; do
    brew list --formula "$formula" >/dev/null 2>&1 || missing+=("$formula")
  done
  if ((${#missing[@]} > 0)); then
    echo "Installing Homebrew formulae: ${missing[*]}"
    brew install "${missing[@]}"
  fi
}

if command -v dpkg-query >/dev/null; then
  install_debian_packages "${packages[@]}"
elif [[ "$(uname -s)" == Darwin ]] && command -v brew >/dev/null; then
  install_homebrew_packages
else
  echo "Neither apt nor Homebrew is here: install these (or your system's equivalents) yourself:" >&2
  echo "  ${packages[*]}" >&2
fi

# npm ci fails against registries that lack other platforms' optional binaries; npm install with the
# committed lockfile installs exactly what it records. Skipped when nothing changed since the last install.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
stamp=node_modules/.melody-install-stamp
checksum() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }
fingerprint=$(cat package.json package-lock.json | checksum | cut -d' ' -f1)
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$fingerprint" ]]; then
  npm install --no-audit --no-fund
  echo "$fingerprint" > "$stamp"
fi

npm run --silent build
