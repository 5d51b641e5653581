#!/bin/sh
# Robot Tray's .deb, after install: the app and the `robot-tray` command on the
# PATH, Electron's sandbox usable, the desktop entry (and its robot-tray://
# links) known to the desktop. Written for Robot Tray's fixed paths.
set -u
dir='/opt/Robot Tray'
ln -sf "$dir/robot-tray-app" /usr/bin/robot-tray-app
ln -sf "$dir/resources/cli/robot-tray" /usr/bin/robot-tray

# Chromium's sandbox needs user namespaces; where the kernel refuses them, its
# helper must be setuid root instead.
if [ -L /proc/self/ns/user ] && unshare --user true 2>/dev/null; then
  chmod 0755 "$dir/chrome-sandbox" 2>/dev/null || true
else
  chmod 4755 "$dir/chrome-sandbox" 2>/dev/null || true
fi

# Ubuntu 24.04 and later allow user namespaces only to programs an AppArmor
# profile names; electron-builder ships one beside the app. Skipped where this
# AppArmor cannot read it (Ubuntu 22.04 runs the app without it).
profile="$dir/resources/apparmor-profile"
if [ -f "$profile" ] && command -v apparmor_parser >/dev/null 2>&1 &&
  apparmor_parser --skip-kernel-load --debug "$profile" >/dev/null 2>&1; then
  cp -f "$profile" /etc/apparmor.d/robot-tray-app
  if ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; }; then
    apparmor_parser --replace --write-cache --skip-read-cache /etc/apparmor.d/robot-tray-app || true
  fi
fi

command -v update-mime-database >/dev/null 2>&1 && update-mime-database /usr/share/mime || true
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database /usr/share/applications || true
exit 0
