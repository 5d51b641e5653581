import { app } from 'electron';
import { registerAppSchemePrivileges } from './appProtocol.ts';
import { startShell } from './shell.ts';

// Privileges for app:// are fixed at startup, before the app is ready.
registerAppSchemePrivileges();

// Windows shows notifications only for an app with an AppUserModelID.
if (process.platform === 'win32') app.setAppUserModelId('com.robottray.app');

if (!app.requestSingleInstanceLock()) {
  // Robot Tray already runs: it shows its window (second-instance) and we leave.
  app.quit();
} else {
  void app.whenReady().then(() => startShell(import.meta.dirname));
}
