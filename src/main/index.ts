// First, before any other module loads: see core/youngGeneration.ts.
import './youngGenerationFirst.ts';
import { app } from 'electron';
import { registerAppSchemePrivileges } from './appProtocol.ts';
import { listenForLinks } from './links/linkInbox.ts';
import { claimLinkScheme } from './links/protocolClient.ts';
import { startShell } from './shell.ts';

// Privileges for app:// are fixed at startup, before the app is ready.
registerAppSchemePrivileges();

// Windows shows notifications only for an app with an AppUserModelID.
if (process.platform === 'win32') app.setAppUserModelId('com.robottray.app');

if (!app.requestSingleInstanceLock()) {
  // Robot Tray already runs: it gets our command line (second-instance), a
  // robot-tray:// link included, shows its window, and we leave.
  app.quit();
} else {
  // Listening before ready: macOS hands over a link that started the app
  // (open-url) before the app is ready.
  const links = listenForLinks(app, process.argv);
  claimLinkScheme(app);
  void app.whenReady().then(() => startShell(import.meta.dirname, links));
}
