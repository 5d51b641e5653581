import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { AppEvent } from '../../src/shared/events.ts';
import { damagePageOf } from '../support/databaseFile.ts';
import { openIpcShell, type IpcShell } from '../support/ipcShell.ts';

/**
 * The window is untrusted: a storage problem reaches it saying what is wrong
 * and what to do, naming the file in Robot Tray's data folder, never the
 * folder's full path (which names the person's folders).
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function shellIn(dataDir?: string): Promise<IpcShell> {
  const shell = await openIpcShell(dataDir ? { dataDir } : {});
  cleanups.push(() => shell.close());
  return shell;
}

describe('storage problems reach the window without the data folder path', () => {
  test('a database found damaged: the failed request names the file and the fix, never the folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-damaged-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await (await shellIn(dataDir)).close();
    await damagePageOf(dataDir, 'calls_created');
    const shell = await shellIn(dataDir);
    const { kind, message } = await shell.refusal('listCalls', {});
    expect(kind).toBe('storage');
    expect(message).toContain(
      "Robot Tray's database robot-tray.sqlite in Robot Tray's data folder is damaged",
    );
    expect(message).toContain('Start Robot Tray again');
    expect(message).not.toContain(dataDir);
    expect(message).not.toContain(tmpdir());
    // The core's own error (the CLI's, main's log) keeps the path.
    expect(() => shell.core.listCalls()).toThrow(dataDir);
  });

  test('a damaged database set aside: the warnings in the list and in the event name no path', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-damaged-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await writeFile(path.join(dataDir, 'robot-tray.sqlite'), '{ not a database');
    const shell = await shellIn(dataDir);
    const events: AppEvent[] = [];
    const stop = shell.hub.subscribe((e) => events.push(e));
    cleanups.push(async () => stop());

    const warnings = await shell.value('listWarnings', {});
    const setAside = warnings.find((w) => w.message.includes('could not be opened'));
    expect(setAside?.message).toMatch(/moved to robot-tray\.sqlite\.corrupt-\S+ in Robot Tray's data folder/);
    expect(JSON.stringify(warnings)).not.toContain(dataDir);
    // The core keeps the path for the CLI.
    expect(JSON.stringify(shell.core.warnings())).toContain(dataDir);

    // Dismissing one sends the rest to the window as an event.
    shell.core.dismissWarning(warnings.find((w) => w !== setAside)!.id);
    const sent = events.filter((e) => e.type === 'warnings');
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(sent)).toMatch(
      /moved to robot-tray\.sqlite\.corrupt-\S+ in Robot Tray's data folder/,
    );
    expect(JSON.stringify(sent)).not.toContain(dataDir);
  });
});
