import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';

/**
 * Connections to one history file, as the app and the CLI share it: each
 * `open()` is its own SQLite connection with its own process id. Call it at a
 * test file's top level: every test gets its own data dir, and after it every
 * connection opened is closed and the dir removed.
 */
export function historyConnections(prefix: string): {
  /** This test's data dir (for an AppCore or stored calls beside the history). */
  readonly dir: string;
  /** This test's history file. */
  readonly file: string;
  /**
   * A new connection to this test's history file, or to `file` (a harness's),
   * its warnings told to `warnings` when given. A test may close it itself.
   */
  open(file?: string, warnings?: WarningLog): CallHistory;
} {
  let dir = '';
  let file = '';
  let opened: CallHistory[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
    file = path.join(dir, 'robot-tray.sqlite');
    opened = [];
  });
  afterEach(async () => {
    for (const h of opened) h.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get file() {
      return file;
    },
    open(other = file, warnings = new WarningLog()) {
      const history = CallHistory.open(other, warnings);
      opened.push(history);
      return history;
    },
  };
}
