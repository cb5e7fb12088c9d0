#!/usr/bin/env bash
# Runs a command with a real Secret Service (gnome-keyring) on a private D-Bus session, so keytar
# works in tests and CI without a desktop. HOME and XDG_RUNTIME_DIR point at a fresh temp dir, so
# the person's own keyring is never touched. Running it inside itself just runs the command.
# usage: scripts/with-keyring.sh <cmd> [args…]
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh <command> [args…]" >&2
  exit 2
fi

if [ "${LT_WITH_KEYRING:-}" = "1" ] && [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  exec "$@"
fi

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' is missing. Install it: apt-get install -y dbus gnome-keyring" >&2
    exit 127
  fi
done

if [ "${1:-}" != "--inside-session" ]; then
  exec dbus-run-session -- bash "$0" --inside-session "$@"
fi
shift

# Inside the private D-Bus session from here on.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/lt-keyring.XXXXXX")"
export HOME="$tmp/home"
export XDG_RUNTIME_DIR="$tmp/run"
export XDG_DATA_HOME="$HOME/.local/share"
mkdir -p "$XDG_DATA_HOME/keyrings" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

# --unlock reads the login keyring's password on stdin (creating the keyring if needed) and
# prints the variables clients need; the daemon then serves org.freedesktop.secrets on this bus.
daemon_env="$(printf 'lightning-tray-test\n' | gnome-keyring-daemon --unlock --components=secrets)"
while IFS= read -r line; do
  case "$line" in *=*) export "${line?}" ;; esac
done <<<"$daemon_env"
export LT_WITH_KEYRING=1

cleanup() {
  # the daemon leaves with the bus; its files go with the temp dir
  rm -rf "$tmp" 2>/dev/null || true
}
trap cleanup EXIT

status=0
"$@" || status=$?
exit "$status"
