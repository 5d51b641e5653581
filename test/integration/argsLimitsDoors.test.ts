import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import type { JsonObject } from '../../src/shared/models/json.ts';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import { storeFinishedCalls } from '../support/storedCalls.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { catalogTablesIn } from '../support/databaseFile.ts';
import { deepArgs, deepArgsJson, deepWords } from '../support/deepArgs.ts';

/**
 * Issue 20 §3: arguments nested too deep are refused at every door (the
 * core's API, IPC as the window sends it) in the same words, and a record
 * that is too deep in the database (a preset, a call) is set aside with a
 * warning naming it while the core opens and everything else is kept.
 */
describe('deep arguments are refused in the same words at every door', () => {
  let shell: ShellHarness;
  let sandbox: Sandbox;
  let robotId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ demoRobots: false, seed: 5 });
    shell = await openShellHarness();
    const { robot } = await addSandboxRobot(shell.core, sandbox, {
      name: 'Echo',
      flow: [{ type: 'respond', echo: true }],
    });
    robotId = robot.id;
  });
  afterAll(async () => {
    await shell?.core.clearToken(robotId).catch(() => undefined);
    await shell?.close();
    await sandbox?.close();
  });

  test.each([1_300, 100_000])(
    '%i levels: core createPreset, updatePreset, fire and refire',
    async (levels) => {
      const args = deepArgs(levels);
      const words = `args: ${deepWords(levels)}`;
      const core = shell.core;
      await expect(core.createPreset({ robotId, name: 'Deep', args })).rejects.toThrow(words);
      const preset = await core.createPreset({ robotId, name: `Flat ${levels}`, args: { a: 1 } });
      await expect(core.updatePreset(preset.id, { args })).rejects.toThrow(words);
      await expect(core.fire(robotId, { method: 'POST', args })).rejects.toThrow(words);
      await expect(core.fire(robotId, { presetId: preset.id, args })).rejects.toThrow(words);
      await expect(core.curlCommand(robotId, { method: 'POST', args })).rejects.toThrow(words);
      const sent = await core.fire(robotId, { presetId: preset.id });
      const before = sandbox.requests().length;
      await expect(core.refire(sent.id, { args: args as JsonObject })).rejects.toThrow(words);
      expect(sandbox.requests().length).toBe(before);
      expect((await core.listPresets(robotId)).find((p) => p.id === preset.id)?.args).toEqual({ a: 1 });
    },
  );

  test.each([1_300, 100_000])(
    '%i levels: IPC createPreset, updatePreset, fire, curlCommand and refire',
    async (levels) => {
      const args = deepArgs(levels);
      const preset = await shell.core.createPreset({ robotId, name: `Ipc ${levels}`, args: {} });
      const sent = await shell.core.fire(robotId, { presetId: preset.id });
      const triggers = sandbox.requests().length;
      const requests: Array<[string, unknown]> = [
        ['createPreset', { robotId, name: 'Deep', args }],
        ['updatePreset', { id: preset.id, patch: { args } }],
        ['fire', { robotId, method: 'POST', args }],
        ['curlCommand', { robotId, method: 'POST', args }],
        ['refireCall', { id: sent.id, args }],
      ];
      for (const [method, request] of requests) {
        const result = await dispatch(shell.handlers, method, request, () => undefined);
        expect(result.ok, method).toBe(false);
        if (result.ok) continue;
        expect(result.error.kind).toBe('validation');
        expect(result.error.message, method).toContain(`args: ${deepWords(levels)}`);
      }
      expect(sandbox.requests().length).toBe(triggers);
      await expect(shell.core.listPresets(robotId)).resolves.not.toContainEqual(
        expect.objectContaining({ name: 'Deep' }),
      );
    },
  );
});

describe('a record too deep on disk is set aside; the core opens', () => {
  let shell: ShellHarness;

  beforeAll(async () => {
    shell = await openShellHarness();
  });
  afterAll(async () => {
    await shell?.close();
  });

  test.each([1_300, 100_000])('a stored preset %i levels deep', async (levels) => {
    const { dataDir } = shell;
    const robot = await shell.core.createRobot({ name: `Local ${levels}`, baseUrl: 'http://127.0.0.1:9' });
    const kept = await shell.core.createPreset({ robotId: robot.id, name: 'Kept', args: { a: 1 } });
    const deep = await shell.core.createPreset({ robotId: robot.id, name: 'Deep', args: {} });
    // Written as text by another program: the deep value is too deep for JSON.stringify.
    const other = catalogTablesIn(dataDir);
    const row = other.conn.db.prepare('SELECT data FROM presets WHERE id = ?').get(deep.id) as {
      data: string;
    };
    const text = row.data.replace('"args":{}', `"args":${deepArgsJson(levels)}`);
    expect(text).toContain(deepArgsJson(levels));
    other.conn.transaction(() => {
      other.conn.db.prepare('UPDATE presets SET data = ? WHERE id = ?').run(text, deep.id);
      other.conn.note('presets');
    });
    other.close();

    const core = await AppCore.open({ dataDir, resumeWatching: false });
    try {
      const presets = await core.listPresets(robot.id);
      expect(presets.map((p) => p.name)).toEqual(['Kept']);
      expect(presets[0]!.id).toBe(kept.id);
      const warning = core.warnings().find((w) => w.message.includes(deep.id));
      expect(warning?.message).toContain(
        `(id ${deep.id}) in Robot Tray's database could not be read (args: ${deepWords(levels)}`,
      );
      // The core still works: a new preset is saved.
      await core.createPreset({ robotId: robot.id, name: 'After', args: { b: 2 } });
      expect((await core.listPresets(robot.id)).map((p) => p.name)).toEqual(['Kept', 'After']);
    } finally {
      await core.close();
    }
    await shell.core.deleteRobot(robot.id);
  });

  test.each([100_000])(
    'a history record with arguments %i levels deep is skipped with a warning; the others are listed',
    async (levels) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-deep-history-'));
      storeFinishedCalls(dataDir, [
        {
          id: 'ok-call',
          robotId: 'r',
          robotName: 'R',
          presetName: null,
          webhookCallId: 'w1',
          response: { ok: 1 },
        },
      ]);
      // Written below the schema, as a damaged or older file could hold it.
      const { DatabaseSync } = await import('node:sqlite');
      const db = new DatabaseSync(path.join(dataDir, 'robot-tray.sqlite'));
      const row = db.prepare('SELECT * FROM calls WHERE id = ?').get('ok-call') as Record<
        string,
        string | number
      >;
      const data = (row['data'] as string)
        .replace('"args":{}', `"args":${deepArgsJson(levels)}`)
        .replace('"id":"ok-call"', '"id":"deep-call"');
      db.prepare(
        'INSERT INTO calls (id, robot_id, state, created_at, webhook_call_id, search, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run('deep-call', row['robot_id']!, row['state']!, row['created_at']!, 'w2', row['search']!, data);
      db.close();

      const core = await AppCore.open({ dataDir, resumeWatching: false });
      try {
        expect(core.listCalls().map((c) => c.id)).toEqual(['ok-call']);
        expect(() => core.callDetail('deep-call')).toThrow(/was not found/);
        expect(core.warnings().some((w) => /could not be read and was skipped/.test(w.message))).toBe(true);
      } finally {
        await core.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
