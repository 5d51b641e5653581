import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import type { AppEvent } from '../../src/shared/events.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';

/**
 * The window is untrusted: a storage problem reaches it saying what is wrong
 * and what to do, naming the file in Robot Tray's data folder, never the
 * folder's full path (which names the person's folders).
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function shellIn(dataDir?: string): Promise<ShellHarness> {
  const shell = await openShellHarness({
    core: { secrets: memorySecrets() },
    ...(dataDir ? { dataDir } : {}),
  });
  cleanups.push(() => shell.close());
  return shell;
}

describe('storage problems reach the window without the data folder path', () => {
  test('a robots file that cannot be written: the failed request names the file and the fix', async () => {
    const shell = await shellIn();
    // A folder (not empty) where robots.json is written: no user, root included, can replace it.
    await rm(path.join(shell.dataDir, 'robots.json'), { force: true });
    await mkdir(path.join(shell.dataDir, 'robots.json', 'in-the-way'), { recursive: true });
    const result = await dispatch(
      shell.handlers,
      'createRobot',
      { name: 'Stored', baseUrl: 'https://robots.example' },
      () => undefined,
    );
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.error.message;
    expect(result.ok ? undefined : result.error.kind).toBe('storage');
    expect(message).toContain("robots.json in Robot Tray's data folder");
    expect(message).toMatch(/ROBOT_TRAY_HOME/);
    expect(message).not.toContain(shell.dataDir);
    expect(message).not.toContain(tmpdir());
    // The core's own error (the CLI's, main's log) keeps the path.
    await expect(
      shell.core.createRobot({ name: 'Stored', baseUrl: 'https://robots.example' }),
    ).rejects.toThrow(shell.dataDir);
  });

  test('a damaged robots file set aside: the warning in the list and in the event names no path', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-damaged-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await writeFile(path.join(dataDir, 'robots.json'), '{ not json');
    await writeFile(path.join(dataDir, 'presets.json'), '{ not json either');
    const shell = await shellIn(dataDir);
    const events: AppEvent[] = [];
    const stop = shell.hub.subscribe((e) => events.push(e));
    cleanups.push(async () => stop());

    const listed = await dispatch(shell.handlers, 'listWarnings', {}, () => undefined);
    const warnings = listed.ok ? (listed.value as Array<{ id: string; message: string }>) : [];
    const setAside = warnings.find((w) => w.message.includes('robots.json'));
    expect(setAside?.message).toMatch(/moved to robots\.json\.\S+ in Robot Tray's data folder/);
    expect(JSON.stringify(warnings)).not.toContain(dataDir);
    // The core keeps the path for the CLI.
    expect(JSON.stringify(shell.core.warnings())).toContain(dataDir);

    // Dismissing one sends the rest to the window as an event.
    shell.core.dismissWarning(warnings.find((w) => w !== setAside)!.id);
    const sent = events.filter((e) => e.type === 'warnings');
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(sent)).toMatch(/moved to robots\.json\.\S+ in Robot Tray's data folder/);
    expect(JSON.stringify(sent)).not.toContain(dataDir);
  });
});
