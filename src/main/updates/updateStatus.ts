/**
 * Where the app's own update stands, as data: the updater sets it, the tray
 * menu and the notification read it. Pure, so the menu is tested without
 * Electron.
 */
export type UpdateStatus =
  | { kind: 'off'; reason: string }
  | { kind: 'checking' }
  | { kind: 'current' }
  | { kind: 'downloading'; version: string; percent: number }
  | { kind: 'ready'; version: string }
  | { kind: 'failed'; message: string };

/**
 * Whether this app checks for updates at all: only an installed build that
 * carries an update feed (electron-builder writes app-update.yml beside a
 * published build), and only while the setting allows it.
 */
export function updateSwitch(facts: {
  isPackaged: boolean;
  hasFeed: boolean;
  enabled: boolean;
}): { on: true } | { on: false; reason: string } {
  if (!facts.isPackaged)
    return { on: false, reason: 'this is a development build (npm start), not an installed one' };
  if (!facts.hasFeed) return { on: false, reason: 'this build was made without an update feed' };
  if (!facts.enabled) return { on: false, reason: 'checking for updates is turned off in Settings' };
  return { on: true };
}

/**
 * The tray's line for a downloaded update, or nothing. Restarting never loses
 * a waiting call (the history resumes it at start), and the line says so
 * when some are waiting.
 */
export function restartLabel(status: UpdateStatus, watching: number): string | undefined {
  if (status.kind !== 'ready') return undefined;
  const resume =
    watching === 0 ? '' : ` (${watching} waiting call${watching === 1 ? '' : 's'} resume after it)`;
  return `Restart to update to ${status.version}${resume}`;
}

/** What "Check for Updates…" says once a check has an answer. */
export function updateCheckMessage(status: UpdateStatus, version: string): string {
  switch (status.kind) {
    case 'current':
      return `Robot Tray ${version} is up to date.`;
    case 'checking':
      return 'Robot Tray is still checking for updates.';
    case 'downloading':
      return `Robot Tray ${status.version} is downloading (${status.percent}%); the tray menu offers "Restart to update" when it is ready.`;
    case 'ready':
      return `Robot Tray ${status.version} is ready: choose "Restart to update" in the tray menu.`;
    case 'failed':
      return status.message;
    case 'off':
      return `Robot Tray ${version} does not check for updates: ${status.reason}.`;
  }
}
