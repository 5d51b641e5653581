import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import type { Handlers } from '../../src/main/ipc/handlers.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { channelOf, methodOfChannel } from '../../src/shared/ipc/channels.ts';
import { METHOD_NAMES } from '../../src/shared/ipc/methodNames.ts';
import { contract, methodNames, type MethodName, type ResponseOf } from '../../src/shared/ipc/contract.ts';
import { writeCaPem } from '../support/caFile.ts';
import { nextBatchEnd, whenCall } from '../support/coreEvents.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';
import { HEAVY } from '../support/heavyTest.ts';

describe('IPC contract', () => {
  test("the preload's method list is exactly the contract's", () => {
    expect([...METHOD_NAMES].sort()).toEqual([...methodNames].sort());
  });

  test('channels round-trip to method names', () => {
    for (const m of methodNames) expect(methodOfChannel(channelOf(m))).toBe(m);
    expect(methodOfChannel('other:getAppInfo')).toBeUndefined();
  });
});

describe('every contract method reaches AppCore', () => {
  let shell: ShellHarness;
  let sandbox: Sandbox;
  const covered = new Set<MethodName>();

  /** Dispatch as IPC would, expect success, and parse the answer with the method's response schema. */
  async function call<M extends MethodName>(method: M, request: unknown = {}): Promise<ResponseOf<M>> {
    const result = await dispatch(shell.handlers, method, request, () => undefined);
    if (!result.ok) throw new Error(`${method} failed: ${result.error.kind}: ${result.error.message}`);
    covered.add(method);
    return contract[method].response.parse(result.value) as ResponseOf<M>;
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    sandbox.addRobot({ name: 'quick', flow: [{ type: 'respond', echo: true }] });
    sandbox.addRobot({
      name: 'held',
      flow: [
        { type: 'wait', ms: 600_000 },
        { type: 'respond', echo: true },
      ],
    });
    shell = await openShellHarness({ core: { secrets: memorySecrets() } });
  });
  afterAll(async () => {
    await shell?.close();
    await sandbox?.close();
  });

  test(
    'robots, tokens, presets, calls, settings, warnings and the app answer in their schemas',
    HEAVY,
    async () => {
      const info = await call('getAppInfo');
      expect(info.name).toBe('Robot Tray');

      const robot = await call('createRobot', { name: 'quick', baseUrl: sandbox.baseUrl });
      expect(robot.hasToken).toBe(false);
      const renamed = await call('updateRobot', { id: robot.id, patch: { notes: 'answers at once' } });
      expect(renamed.notes).toBe('answers at once');
      expect((await call('listRobots')).map((r) => r.id)).toEqual([robot.id]);

      // CA files come from main's dialog (the stand-in here); the window gets a summary, never sends a path.
      const ca = writeCaPem(shell.dataDir);
      shell.fileDialog.answer(ca.file);
      // Trusting it is main's question to the person, answered yes here.
      shell.answers.push(true);
      const chosen = await call('chooseRobotCaFile', { robotId: robot.id });
      expect(chosen?.ca).toEqual({
        name: 'corp-ca.pem',
        count: 1,
        subject: 'O=Example Corp, CN=Example Corp Root CA',
        sha256: ca.sha256,
      });
      // The window is given the file's name, never the folders above it.
      expect(chosen?.robot.caFile).toBe('corp-ca.pem');
      expect(shell.fileDialog.asked.at(-1)?.title).toBe('CA file for quick');
      expect(await call('chooseRobotCaFile', { robotId: robot.id })).toBeNull();
      // A window opened later reads the same summary of the saved file, still without its path.
      expect(await call('describeRobotCaFile', { robotId: robot.id })).toEqual(chosen?.ca);
      expect((await call('clearRobotCaFile', { robotId: robot.id })).caFile).toBeNull();
      expect(await call('describeRobotCaFile', { robotId: robot.id })).toBeNull();
      shell.fileDialog.answer(ca.file);
      shell.answers.push(true);
      const everyRobot = await call('chooseSettingsCaFile');
      expect(everyRobot?.settings.network.caFile).toBe('corp-ca.pem');
      expect(everyRobot?.ca.sha256).toBe(ca.sha256);
      expect(await call('describeSettingsCaFile')).toEqual(everyRobot?.ca);
      // A pipe picked in the dialog is refused without blocking, in the words a missing file gets.
      const fifo = path.join(shell.dataDir, 'pipe.pem');
      execFileSync('mkfifo', [fifo]);
      for (const file of [fifo, path.join(shell.dataDir, 'missing.pem')]) {
        shell.fileDialog.answer(file);
        const refused = await dispatch(shell.handlers, 'chooseSettingsCaFile', {}, () => undefined);
        expect(refused).toEqual({
          ok: false,
          error: {
            kind: 'validation',
            message: `caFile (app settings): ${path.basename(file)} is missing or is not a readable regular file of at most 1 MiB. Choose a PEM file of CA certificates.`,
          },
        });
      }
      expect((await call('clearSettingsCaFile')).network.caFile).toBeNull();
      expect(await call('describeSettingsCaFile')).toBeNull();

      const token = sandbox.tokenOf('quick');
      const set = await call('setToken', { robotId: robot.id, token });
      const status = {
        hasToken: true,
        updatedAt: expect.any(Number),
        origin: sandbox.baseUrl,
        suspended: null,
      };
      expect(set).toEqual({ ...status, changed: true });
      expect(JSON.stringify(set)).not.toContain(token);
      expect(await call('tokenStatus', { robotId: robot.id })).toEqual({ ...status, changed: false });
      // Nothing suspended: nothing to ask, and no dialog shown beyond the two CA files' above.
      expect(await call('confirmTokenOrigin', { robotId: robot.id })).toEqual({ ...status, changed: false });
      expect(shell.asked).toHaveLength(2);
      const diagnosis = await call('diagnoseRobot', { id: robot.id });
      expect(diagnosis).toMatchObject({
        origin: sandbox.baseUrl,
        tls: null,
        endpoint: { method: 'OPTIONS' },
      });
      expect(sandbox.calls()).toHaveLength(0);

      const preset = await call('createPreset', { robotId: robot.id, name: 'Hello', args: { hi: 1 } });
      const copy = await call('duplicatePreset', { id: preset.id });
      expect(copy.name).toBe('Hello copy');
      expect(await call('lastFieldValues', { id: preset.id })).toEqual({});
      expect((await call('updatePreset', { id: copy.id, patch: { pinnedToTray: true } })).pinnedToTray).toBe(
        true,
      );
      const order = await call('reorderPresets', { robotId: robot.id, ids: [copy.id, preset.id] });
      expect(order.map((p) => p.id)).toEqual([copy.id, preset.id]);
      expect(await call('listPresets', { robotId: robot.id })).toHaveLength(2);
      expect(await call('deletePreset', { id: copy.id })).toBeNull();

      const curl = await call('curlCommand', { robotId: robot.id, presetId: preset.id });
      expect(curl.command).toContain('$ROBOT_TOKEN');
      expect(curl.command).not.toContain(token);

      const fired = await call('fire', { robotId: robot.id, presetId: preset.id });
      expect(fired).not.toHaveProperty('args');
      const done = await whenCall(shell.core, fired.id, (c) => c.state === 'done');
      const detail = await call('getCall', { id: done.id });
      // The response reaches the window as its JSON text, parsed there in a worker.
      expect(detail.responseJson).toBe('{"hi":1}');
      expect(detail).not.toHaveProperty('response');
      // Its start, handed over before the whole (the window's first rows of a long one).
      expect(await call('getCallResponseStart', { id: done.id, chars: 4 })).toEqual({
        text: '{"hi',
        bytes: 8,
        whole: false,
      });
      // Shown in the window, then no longer: the history's prune keeps it meanwhile.
      expect(await call('showingCall', { id: done.id })).toBeNull();
      expect(await call('showingCall', { id: null })).toBeNull();

      // Saved calls: the path comes from main's dialogs (stand-ins here); the window gets a file's name.
      const savedFile = path.join(shell.dataDir, 'handed over.json');
      shell.saveDialog.answer(savedFile);
      expect(await call('saveCall', { id: done.id })).toEqual({ fileName: 'handed over.json' });
      expect(shell.saveDialog.asked.at(-1)?.defaultName).toMatch(/^quick-.+\.robot-call\.json$/);
      expect(await readFile(savedFile, 'utf8')).not.toContain(token);
      shell.fileDialog.answer(savedFile);
      const opened = await call('openSavedCall');
      expect(opened).toMatchObject({
        fileName: 'handed over.json',
        // A saved call keeps no local call id: it names the service's run.
        call: { webhookCallId: done.webhookCallId, responseJson: '{"hi":1}' },
      });
      shell.dropFile(savedFile);
      expect((await call('openDroppedCall')).call).toEqual(opened?.call);
      const listed = await call('listCalls', { robotId: robot.id });
      expect(listed[0]).toMatchObject({ id: fired.id, state: 'done', hasResponse: true });
      expect(listed[0]).not.toHaveProperty('response');
      const stats = await call('runStats', { robotId: robot.id, since: Date.now() - 3_600_000, points: 5 });
      expect(stats).toMatchObject({
        robotId: robot.id,
        calls: listed.length,
        states: { done: listed.length },
      });
      expect(stats.points.map((p) => p.callId)).toContain(fired.id);
      const again = await call('refireCall', { id: fired.id });
      expect(again.id).not.toBe(fired.id);
      await whenCall(shell.core, again.id, (c) => c.state === 'done');
      // The two runs compared in main: the window gets the lines only.
      const same = { lines: [], truncated: false };
      expect(await call('diffCalls', { before: done.id, after: again.id })).toEqual({
        args: same,
        response: same,
      });
      expect(await call('forgetCall', { id: again.id })).toBeNull();

      // A call that stays waiting, to stop and resume.
      const held = await call('createRobot', { name: 'held', baseUrl: sandbox.baseUrl });
      await call('setToken', { robotId: held.id, token: sandbox.tokenOf('held') });
      const waiting = await call('fire', { robotId: held.id, method: 'POST', args: {} });
      expect(waiting.state).toBe('waiting');
      expect((await call('stopCall', { id: waiting.id })).state).toBe('stopped');
      expect((await call('resumeCall', { id: waiting.id })).state).toBe('waiting');
      const checked = await call('checkCall', { id: waiting.id });
      expect(checked).toMatchObject({ id: waiting.id, state: 'waiting', pollCount: 1 });
      expect(checked.nextPollAt).toEqual(expect.any(Number));
      expect(await call('adoptWaitingCalls')).toEqual([]);
      expect(await call('clearFinished', { robotId: robot.id })).toEqual({ removed: 1 });

      expect(await call('clearToken', { robotId: held.id })).toEqual({
        hasToken: false,
        updatedAt: null,
        origin: sandbox.baseUrl,
        suspended: null,
        changed: true,
      });
      expect(await call('deleteRobot', { id: held.id })).toBeNull();

      // Batches: checked and previewed, run by the app with progress as events, read back and exported.
      const rows = { robotId: robot.id, presetId: preset.id, text: 'n:json\n1\n2\n' };
      expect(await call('previewBatch', rows)).toMatchObject({ total: 2, columns: ['n:json'], problems: [] });
      const ended = nextBatchEnd(shell.core);
      const started = await call('startBatch', { ...rows, secrets: {} });
      expect(await ended).toMatchObject({ running: false, batch: { id: started.id, state: 'finished' } });
      expect((await call('listBatches')).map((b) => [b.id, b.running])).toEqual([[started.id, false]]);
      expect((await call('listBatchRows', { id: started.id, from: 2, limit: 5 })).map((r) => r.row)).toEqual([
        2,
      ]);
      expect(await call('batchColumns', { id: started.id })).toEqual(expect.any(Array));
      expect(await call('batchRowCall', { id: started.id, row: 2 })).toMatchObject({ state: 'done' });
      shell.saveDialog.answer(path.join(shell.dataDir, 'results.csv'));
      expect(await call('exportBatch', { id: started.id, format: 'csv' })).toEqual({
        fileName: 'results.csv',
      });
      shell.fileDialog.answer(null);
      expect(await call('chooseBatchRows')).toBeNull();
      const paused = await call('startBatch', { ...rows, secrets: {}, concurrency: 1 });
      const pausedEnd = nextBatchEnd(shell.core, (p) => p.batch.id === paused.id);
      expect((await call('pauseBatch', { id: paused.id })).state).toBe('paused');
      await pausedEnd;
      const resumedEnd = nextBatchEnd(shell.core, (p) => p.batch.id === paused.id);
      expect((await call('resumeBatch', { id: paused.id, secrets: {} })).state).toBe('running');
      expect((await call('stopBatch', { id: paused.id })).state).toBe('stopped');
      await resumedEnd;
      const againEnd = nextBatchEnd(shell.core, (p) => p.batch.againOf === started.id);
      expect(await call('runBatchAgain', { id: started.id, rows: [2], secrets: {} })).toMatchObject({
        total: 1,
      });
      expect((await againEnd).batch.counts).toEqual({ done: 1 });

      const settings = await call('getSettings');
      const updated = await call('updateSettings', { historyLimit: settings.historyLimit + 1 });
      expect(updated.historyLimit).toBe(settings.historyLimit + 1);
      expect(await call('listWarnings')).toEqual([]);
      expect(await call('dismissWarning', { id: 'w-none' })).toBeNull();
      // The password is kept for the manual proxy's saved address, which main's dialog confirmed.
      shell.answers.push(true);
      await call('updateSettings', {
        network: { proxyMode: 'manual', proxyUrl: 'http://proxy.example:3128' },
      });
      expect(await call('proxyPasswordStatus')).toEqual({ hasPassword: false });
      expect(await call('setProxyPassword', { password: 'proxy pass' })).toEqual({ hasPassword: true });
      expect(await call('proxyPasswordStatus')).toEqual({ hasPassword: true });
      expect(await call('clearProxyPassword')).toEqual({ hasPassword: false });

      expect(await call('getDemo')).toEqual({ running: false, robotIds: [] });
      shell.navigate({ view: 'call', callId: fired.id });
      expect(await call('takeNavigation')).toEqual({ view: 'call', callId: fired.id });
      expect(await call('takeNavigation')).toBeNull();
      expect(await call('openExternal', { url: 'https://example.com/help' })).toBeNull();
      expect(shell.opened).toEqual(['https://example.com/help']);

      const demo = await call('startDemo');
      expect(demo.running).toBe(true);
      expect(demo.robotIds.length).toBeGreaterThan(0);
      const removed = await call('removeDemo');
      expect(removed).toEqual({ running: false, robotIds: [] });

      // Sharing: every file comes from main's dialogs; the window holds only the import's id.
      const exportFile = path.join(shell.dataDir, 'shared.json');
      shell.saveDialog.answer(exportFile);
      expect(await call('exportRobots', { robotIds: [robot.id] })).toEqual({
        fileName: 'shared.json',
        robots: 1,
        presets: expect.any(Number),
      });
      shell.fileDialog.answer(exportFile);
      const offer = (await call('chooseImportFile'))!;
      expect(offer.plan.robots.map((s) => s.action)).toEqual(['conflict']);
      const choices = { robots: { [robot.name]: 'skip' as const } };
      expect((await call('planImport', { importId: offer.importId, choices })).ready).toBe(true);
      expect((await call('applyImport', { importId: offer.importId, choices })).robots[0]!.action).toBe(
        'skip',
      );
      expect((await call('getTeamCatalog')).file).toBeNull();
      shell.fileDialog.answer(exportFile);
      const followed = (await call('chooseTeamCatalog'))!;
      expect(followed.robots.map((r) => r.name)).toEqual([robot.name]);
      // Its name is taken here (it was exported from here): copying is refused, nothing changes.
      const copied = await dispatch(
        shell.handlers,
        'copyTeamRobot',
        { robotId: followed.robots[0]!.id },
        () => undefined,
      );
      expect(copied).toMatchObject({
        ok: false,
        error: { kind: 'validation', message: expect.stringMatching(/You already have a robot named/) },
      });
      covered.add('copyTeamRobot');
      expect((await call('stopTeamCatalog')).file).toBeNull();

      expect([...covered].sort()).toEqual([...methodNames].sort());
    },
  );
});

describe('dispatch', () => {
  let shell: ShellHarness;
  beforeAll(async () => {
    shell = await openShellHarness({ core: { secrets: memorySecrets() } });
  });
  afterAll(() => shell?.close());

  test('refuses an unknown method by name, and logs why', async () => {
    const refused: string[] = [];
    const result = await dispatch(shell.handlers, 'readTokens', {}, (m, reason) =>
      refused.push(`${m}: ${reason}`),
    );
    expect(result).toEqual({
      ok: false,
      error: { kind: 'validation', message: 'Unknown request "readTokens".' },
    });
    expect(refused).toEqual(['readTokens: unknown method']);
  });

  test('refuses inherited object keys as methods', async () => {
    expect((await dispatch(shell.handlers, 'toString', {}, () => undefined)).ok).toBe(false);
    expect((await dispatch(shell.handlers, '__proto__', {}, () => undefined)).ok).toBe(false);
  });

  test.each([
    ['createRobot', { name: 'x', baseUrl: 42 }, 'baseUrl'],
    ['updateRobot', { id: 'r1', patch: { name: '' } }, 'patch.name'],
    ['setToken', { robotId: 'r1' }, 'token'],
    ['fire', { robotId: 'r1', args: { a: Number.NaN } }, 'args.a'],
    ['fire', { robotId: 'r1', presetId: 'p1', fields: { customerId: { $field: 'x' } } }, 'fields.customerId'],
    ['refireCall', { id: 'c1', fields: { pin: [1] } }, 'fields.pin'],
    ['reorderPresets', { robotId: 'r1', ids: 'p1' }, 'ids'],
    ['listCalls', { states: ['finished'] }, 'states[0]'],
    ['runStats', { robotId: 'r1', since: -1 }, 'since'],
    ['updateSettings', { historyLimit: 1 }, 'historyLimit'],
    ['getCall', {}, 'id'],
    ['getAppInfo', { extra: 1 }, 'request'],
  ] as const)(
    '%s with a malformed payload is a validation error naming %s',
    async (method, payload, field) => {
      const logged: string[] = [];
      const result = await dispatch(shell.handlers, method, payload, (_m, reason) => logged.push(reason));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.kind).toBe('validation');
      expect(result.error.message).toContain(`Invalid ${method} request: ${field}`);
      expect(logged[0]).toContain(field);
    },
  );

  test('a refused token is logged without the token', async () => {
    const logged: string[] = [];
    const secret = 'sk-' + 'x'.repeat(20_000);
    await dispatch(shell.handlers, 'setToken', { robotId: 'r1', token: secret }, (_m, r) => logged.push(r));
    expect(logged.join('')).not.toContain('xxxxxxxxxx');
  });

  test("AppCore's own errors pass through with their kind and message", async () => {
    await shell.core.createRobot({ name: 'Twin', baseUrl: 'https://robots.example.com' });
    const result = await dispatch(shell.handlers, 'createRobot', {
      name: 'twin',
      baseUrl: 'https://robots.example.com',
    });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'validation', message: expect.stringContaining('a robot named "twin" already exists') },
    });
    const missing = await dispatch(shell.handlers, 'getCall', { id: 'no-such-call' });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  test('an https-only rule guards openExternal', async () => {
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://u:p@example.com',
    ]) {
      const result = await dispatch(shell.handlers, 'openExternal', { url });
      expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(shell.opened).toEqual([]);
  });

  test('turns an unexpected exception into a generic error without its text', async () => {
    const failing: Handlers = {
      ...shell.handlers,
      getAppInfo: () => {
        throw new Error('x-service-token: secret-value');
      },
    };
    const logged: string[] = [];
    const result = await dispatch(failing, 'getAppInfo', {}, (_m, r) => logged.push(r));
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret-value');
    expect(logged.join('')).not.toContain('secret-value');
  });
});
