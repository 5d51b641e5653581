/**
 * The way out when Linux has no keyring at all (a bare window manager, no
 * GNOME Keyring or KWallet): the package to install, in one sentence, said
 * by the app's window and the CLI alike (the core's keychain error carries
 * it; `robot-tray doctor` checks for it).
 */
export const INSTALL_KEYRING =
  'No keyring answers for the Secret Service in this session: install the gnome-keyring package (sudo apt install gnome-keyring on Debian and Ubuntu, sudo dnf install gnome-keyring on Fedora), then log out and back in.';
