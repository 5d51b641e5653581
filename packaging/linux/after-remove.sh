#!/bin/sh
# Robot Tray's .deb, after removal: the links and the AppArmor profile that
# after-install.sh made go; the data folder and the keychain's tokens stay,
# as any app's user data does.
set -u
for link in /usr/bin/robot-tray /usr/bin/robot-tray-app; do
  case "$(readlink "$link" 2>/dev/null)" in
    '/opt/Robot Tray/'*) rm -f "$link" ;;
  esac
done
if [ -f /etc/apparmor.d/robot-tray-app ]; then
  command -v apparmor_parser >/dev/null 2>&1 && apparmor_parser --remove /etc/apparmor.d/robot-tray-app 2>/dev/null || true
  rm -f /etc/apparmor.d/robot-tray-app
fi
exit 0
