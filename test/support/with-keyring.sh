#!/usr/bin/env bash
# Run a command inside a throwaway test environment for Robot Tray:
#   - a fresh HOME (so nothing reads or writes the user's real files),
#   - a private D-Bus session bus,
#   - a gnome-keyring daemon with an unlocked login collection.
# Tests therefore talk to a real Secret Service but never to the user's keychain.
#
# Usage: test/support/with-keyring.sh COMMAND [ARGS...]
set -euo pipefail

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' is missing. Install it: apt-get install -y gnome-keyring dbus dbus-x11 libsecret-tools" >&2
    exit 2
  fi
done

HOME="$(mktemp -d -t robot-tray-test-home.XXXXXX)"
XDG_RUNTIME_DIR="$(mktemp -d -t robot-tray-test-run.XXXXXX)"
chmod 700 "$XDG_RUNTIME_DIR"
export HOME XDG_RUNTIME_DIR
unset XDG_DATA_HOME XDG_CONFIG_HOME ROBOT_TRAY_HOME
cleanup() { rm -rf "$HOME" "$XDG_RUNTIME_DIR"; }
trap cleanup EXIT

dbus-run-session -- bash -c '
  set -euo pipefail
  eval "$(printf robot-tray-test | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  "$@"
' robot-tray-keyring "$@"
