import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import type { AppEvent } from '../../src/shared/events.ts';
import { writeCaPem } from '../support/caFile.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';

/**
 * The window is given a CA file's (or the team catalog's) name, never its full path: not in an
 * answer, not in an event, not in a diagnosis. The core keeps the path and
 * trusts the file as before.
 */
describe('a CA file as the window sees it', () => {
  let shell: ShellHarness | undefined;
  afterEach(async () => {
    await shell?.close();
    shell = undefined;
  });

  /**
   * A shell with a private folder in its data dir, and a window whose every
   * answer and every event it is sent are kept (`sent`).
   */
  async function windowOverPrivateFolder() {
    shell = await openShellHarness({ core: { secrets: memorySecrets() } });
    const h = shell;
    const folder = path.join(h.dataDir, 'Private Folder of Ana');
    mkdirSync(folder);
    const events: AppEvent[] = [];
    const off = h.hub.subscribe((event) => void events.push(event));
    const answers: unknown[] = [];
    const call = async (method: string, request: unknown = {}) => {
      const result = await dispatch(h.handlers, method, request, () => undefined);
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
      answers.push(result.value);
      return result.value as Record<string, unknown>;
    };
    return { h, folder, events, off, call, sent: () => [...answers, ...events] };
  }

  test('every answer and event names the file only; the core still trusts it by its path', async () => {
    const { h, folder, events, off, call, sent } = await windowOverPrivateFolder();
    const ca = writeCaPem(folder);

    const robot = await call('createRobot', { name: 'Corp', baseUrl: 'http://127.0.0.1:1' });
    const robotId = robot['id'] as string;
    h.fileDialog.answer(ca.file);
    h.answers.push(true);
    const chosen = (await call('chooseRobotCaFile', { robotId })) as { robot: { caFile: string } };
    expect(chosen.robot.caFile).toBe('corp-ca.pem');
    h.fileDialog.answer(ca.file);
    h.answers.push(true);
    await call('chooseSettingsCaFile');
    // Main's own questions name the file as the window may see it: no folder.
    expect(JSON.stringify(h.asked)).not.toContain(folder);
    await call('updateRobot', { id: robotId, patch: { notes: 'behind the corporate CA' } });
    await call('updateSettings', { http: { connectTimeoutMs: 5_000 } });
    const listed = (await call('listRobots')) as unknown as Array<{ caFile: string }>;
    expect(listed.map((r) => r.caFile)).toEqual(['corp-ca.pem']);
    expect(((await call('getSettings')) as { network: { caFile: string } }).network.caFile).toBe(
      'corp-ca.pem',
    );
    const diagnosis = (await call('diagnoseRobot', { id: robotId })) as {
      trust: { caFiles: Array<{ file: string }> };
    };
    expect(diagnosis.trust.caFiles.map((f) => f.file).sort()).toEqual(['corp-ca.pem', 'corp-ca.pem']);
    // The core's own change events, as forwarded: a catalog and a settings event at least.
    await h.core.refreshFromDisk();
    off();
    expect(events.some((e) => e.type === 'catalog')).toBe(true);
    expect(events.some((e) => e.type === 'settings')).toBe(true);
    for (const one of sent()) expect(JSON.stringify(one)).not.toContain(folder);

    expect((await h.core.getRobot(robotId)).caFile).toBe(ca.file);
    expect(h.core.getSettings().network.caFile).toBe(ca.file);
  });

  test('the team catalog is named by its file name only, its problems too; the core follows it by its path', async () => {
    const { h, folder, events, off, call, sent } = await windowOverPrivateFolder();
    const file = path.join(folder, 'team.json');
    const robots = [{ name: 'Deploy', baseUrl: 'https://deploy.example' }];
    writeFileSync(file, JSON.stringify({ format: 'robot-tray-export', version: 1, exportedAt: 1, robots }));

    h.fileDialog.answer(file);
    expect(await call('chooseTeamCatalog')).toMatchObject({ file: 'team.json', problem: null });
    writeFileSync(file, '{ broken');
    await h.core.reloadTeamCatalog();
    const team = (await call('getTeamCatalog')) as { problem: string; robots: unknown[] };
    expect(team.problem).toContain('team.json');
    expect(team.robots).toHaveLength(1);
    await call('getSettings');
    await call('updateSettings', { http: { connectTimeoutMs: 5_000 } });
    off();
    expect(events.some((e) => e.type === 'team')).toBe(true);
    expect(events.some((e) => e.type === 'settings')).toBe(true);
    for (const one of sent()) expect(JSON.stringify(one)).not.toContain(folder);

    expect(h.core.getSettings().teamCatalogFile).toBe(file);
    expect(h.core.teamCatalog().file).toBe(file);
  });
});
