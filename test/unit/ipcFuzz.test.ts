import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import { contract, methodNames, type MethodName } from '../../src/shared/ipc/contract.ts';
import type { IpcResult } from '../../src/shared/ipc/result.ts';
import { formatPath } from '../../src/shared/validation.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { whenCall } from '../support/coreEvents.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { openShellHarness, type ShellHarness } from '../support/shellHarness.ts';
import { HEAVY } from '../support/heavyTest.ts';

/**
 * The window is untrusted: a compromised renderer can send anything on any
 * channel. fast-check generates payloads for every contract method and sends
 * them through the `dispatch` main uses, to main's real handlers over a real
 * AppCore (temporary data folder, keychain in memory). Every refused payload
 * must come back as a validation error naming the field, change nothing, and
 * never stop main answering; nothing may throw past dispatch or reject
 * unhandled. Bounded: a few thousand payloads, seconds.
 */
let shell: ShellHarness;
let secrets: ReturnType<typeof memorySecrets>;
let robotId: string;
let presetId: string;
let callId: string;
let sandbox: Sandbox;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  secrets = memorySecrets();
  sandbox = await startSandbox({ demoRobots: false, seed: 20 });
  sandbox.addRobot({ name: 'invoices', flow: [{ type: 'respond', echo: true }] });
  shell = await openShellHarness({ core: { secrets, resumeWatching: false } });
  const robot = await shell.core.createRobot({ name: 'Invoices', baseUrl: sandbox.baseUrl });
  robotId = robot.id;
  await shell.core.setToken(robotId, sandbox.tokenOf('invoices'));
  presetId = (await shell.core.createPreset({ robotId, name: 'Monthly', args: { month: 1 } })).id;
  // One finished call in history, for the call methods to aim at.
  callId = (await shell.core.fire(robotId, { presetId })).id;
  await whenCall(shell.core, callId, (c) => c.state === 'done');
  await shell.core.updateSettings({ historyLimit: 250, network: { proxyMode: 'none' } });
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await shell?.close();
  await sandbox?.close();
});

/**
 * A valid request for each method, to break one field of. Typed over every
 * method name: a method added to the contract and not here fails the typecheck.
 */
const validRequests: Record<MethodName, () => Record<string, unknown>> = {
  listRobots: () => ({}),
  createRobot: () => ({ name: 'Fuzzed', baseUrl: 'https://robots.example.com', notes: 'n' }),
  updateRobot: () => ({ id: robotId, patch: { notes: 'n', sendTokenOnQuery: true } }),
  chooseRobotCaFile: () => ({ robotId }),
  describeRobotCaFile: () => ({ robotId }),
  clearRobotCaFile: () => ({ robotId }),
  deleteRobot: () => ({ id: robotId }),
  setToken: () => ({ robotId, token: 'another-token' }),
  clearToken: () => ({ robotId }),
  tokenStatus: () => ({ robotId }),
  confirmTokenOrigin: () => ({ robotId }),
  diagnoseRobot: () => ({ id: robotId }),
  listPresets: () => ({ robotId }),
  createPreset: () => ({ robotId, name: 'P', args: { a: 1 } }),
  updatePreset: () => ({ id: presetId, patch: { name: 'Q' } }),
  deletePreset: () => ({ id: presetId }),
  duplicatePreset: () => ({ id: presetId }),
  lastFieldValues: () => ({ id: presetId }),
  reorderPresets: () => ({ robotId, ids: [presetId] }),
  fire: () => ({ robotId, presetId, method: 'POST', args: { a: 1 } }),
  curlCommand: () => ({ robotId, presetId }),
  listCalls: () => ({ robotId, limit: 10 }),
  runStats: () => ({ robotId, presetId, since: Date.now() - 86_400_000, points: 10 }),
  getCall: () => ({ id: callId }),
  getCallResponseStart: () => ({ id: callId, chars: 100 }),
  diffCalls: () => ({ before: callId, after: callId, limit: 10 }),
  showingCall: () => ({ id: callId }),
  stopCall: () => ({ id: callId }),
  resumeCall: () => ({ id: callId }),
  checkCall: () => ({ id: callId }),
  refireCall: () => ({ id: callId, method: 'POST', args: {} }),
  forgetCall: () => ({ id: callId }),
  clearFinished: () => ({ robotId }),
  adoptWaitingCalls: () => ({}),
  chooseBatchRows: () => ({}),
  previewBatch: () => ({ robotId, presetId, text: 'month:json\n2\n', format: 'csv' }),
  startBatch: () => ({ robotId, presetId, text: 'month:json\n2\n', secrets: {}, concurrency: 1 }),
  pauseBatch: () => ({ id: 'batch-0' }),
  resumeBatch: () => ({ id: 'batch-0', secrets: {} }),
  stopBatch: () => ({ id: 'batch-0' }),
  runBatchAgain: () => ({ id: 'batch-0', rows: [1], secrets: {} }),
  listBatches: () => ({}),
  listBatchRows: () => ({ id: 'batch-0', from: 1, limit: 10, pick: ['response.month'] }),
  batchColumns: () => ({ id: 'batch-0' }),
  batchRowCall: () => ({ id: 'batch-0', row: 1 }),
  exportBatch: () => ({ id: 'batch-0', format: 'csv' }),
  saveCall: () => ({ id: callId }),
  openSavedCall: () => ({}),
  openDroppedCall: () => ({}),
  getSettings: () => ({}),
  updateSettings: () => ({
    historyLimit: 100,
    http: { connectTimeoutMs: 1000 },
    network: { proxyMode: 'env' },
  }),
  chooseSettingsCaFile: () => ({}),
  describeSettingsCaFile: () => ({}),
  clearSettingsCaFile: () => ({}),
  exportRobots: () => ({ robotIds: [robotId] }),
  chooseImportFile: () => ({}),
  planImport: () => ({ importId: 'none', choices: { existing: 'skip' } }),
  applyImport: () => ({ importId: 'none', choices: { robots: { Fuzzed: 'replace' } } }),
  getTeamCatalog: () => ({}),
  chooseTeamCatalog: () => ({}),
  stopTeamCatalog: () => ({}),
  copyTeamRobot: () => ({ robotId: 'team-0' }),
  listWarnings: () => ({}),
  dismissWarning: () => ({ id: 'w-1' }),
  setProxyPassword: () => ({ password: 'secret' }),
  clearProxyPassword: () => ({}),
  proxyPasswordStatus: () => ({}),
  getAppInfo: () => ({}),
  getDemo: () => ({}),
  startDemo: () => ({}),
  removeDemo: () => ({}),
  takeNavigation: () => ({}),
  openExternal: () => ({ url: 'https://example.com/help' }),
};

/** Values a hostile window would try: wrong types, huge or deep values, paths, prototype keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
  fc.constantFrom(
    null,
    -1,
    Number.NaN,
    1e308,
    '',
    '/proc/self/fd/0',
    '/dev/urandom',
    'x'.repeat(70_000),
    [],
    { caFile: '/dev/zero' },
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  ),
  fc.integer({ min: 1, max: 2000 }).map((depth) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  }),
);

/** Keys the contract does not know, a path-carrying field among them. */
const strangerKey = fc.oneof(
  fc.constantFrom('caFile', 'path', 'file', '__proto__', 'constructor', 'token', 'baseUrl '),
  fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,12}$/),
);

/** A valid request with one field replaced by a hostile value, or with a key the contract does not know. */
function brokenRequest(
  method: MethodName,
): fc.Arbitrary<{ payload: Record<string, unknown>; field: string }> {
  const base = validRequests[method]();
  const keys = Object.keys(base);
  const added = fc.tuple(strangerKey, hostileValue).map(([key, value]) => {
    const payload = { ...base };
    // defineProperty: "__proto__" becomes an own key, as JSON.parse in the window would make it.
    Object.defineProperty(payload, key, { value, enumerable: true, configurable: true, writable: true });
    return { payload, field: key };
  });
  if (keys.length === 0) return added;
  const replaced = fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => ({
    payload: { ...base, [key]: value },
    field: key,
  }));
  return fc.oneof(replaced, added);
}

async function snapshot(): Promise<string> {
  return JSON.stringify({
    robots: await shell.core.listRobots(),
    presets: await shell.core.listPresets(),
    settings: shell.core.getSettings(),
    calls: shell.core.listCalls({ limit: 1000 }),
    warnings: shell.core.warnings(),
    secrets: [...secrets.entries],
    opened: shell.opened,
    dialogs: shell.fileDialog.asked.length,
    demo: shell.demo.status(),
  });
}

const send = (method: string, payload: unknown): Promise<IpcResult<unknown>> =>
  dispatch(shell.handlers, method, payload, () => undefined);

/**
 * Sends a payload the contract refuses, with another call in flight beside it:
 * the refusal is a validation error naming `field` (when known), state is
 * unchanged, and the other call is answered.
 */
async function expectRefused(method: string, payload: unknown, field: string | undefined): Promise<void> {
  const before = await snapshot();
  const [result, other] = await Promise.all([send(method, payload), send('getSettings', {})]);
  expect(other.ok).toBe(true);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.kind).toBe('validation');
  expect(result.error.message.startsWith(`Invalid ${method} request: `)).toBe(true);
  if (field !== undefined) expect(result.error.message).toContain(field);
  expect(await snapshot()).toBe(before);
}

const RUNS_PER_METHOD = 30;

describe('IPC fuzzing: every contract method through main dispatch', () => {
  test.each(methodNames)('%s: a broken field is refused by name and changes nothing', async (method) => {
    await fc.assert(
      fc.asyncProperty(brokenRequest(method), async ({ payload, field }) => {
        // A hostile value can still be a valid one (any string is a valid note): only refusals are sent.
        if (contract[method].request.safeParse(payload).success) return;
        await expectRefused(method, payload, field);
      }),
      { numRuns: RUNS_PER_METHOD, seed: 20 },
    );
  });

  test.each(methodNames)('%s: any value at all as the payload is answered, never thrown', async (method) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything({ maxDepth: 3 }), hostileValue), async (payload) => {
        const parsed = contract[method].request.safeParse(payload ?? {});
        if (parsed.success) return;
        const first = parsed.error.issues[0]!;
        await expectRefused(method, payload, first.path.length > 0 ? formatPath(first.path) : undefined);
      }),
      { numRuns: RUNS_PER_METHOD / 2, seed: 21 },
    );
  });

  /** Methods that name a record only by id: a well-formed id of nothing must change nothing and never crash. */
  const byIdOnly = {
    deleteRobot: (id: string) => ({ id }),
    chooseRobotCaFile: (id: string) => ({ robotId: id }),
    describeRobotCaFile: (id: string) => ({ robotId: id }),
    clearRobotCaFile: (id: string) => ({ robotId: id }),
    clearToken: (id: string) => ({ robotId: id }),
    tokenStatus: (id: string) => ({ robotId: id }),
    listPresets: (id: string) => ({ robotId: id }),
    deletePreset: (id: string) => ({ id }),
    duplicatePreset: (id: string) => ({ id }),
    lastFieldValues: (id: string) => ({ id }),
    getCall: (id: string) => ({ id }),
    getCallResponseStart: (id: string) => ({ id, chars: 100 }),
    diffCalls: (id: string) => ({ before: id, after: callId }),
    stopCall: (id: string) => ({ id }),
    resumeCall: (id: string) => ({ id }),
    checkCall: (id: string) => ({ id }),
    forgetCall: (id: string) => ({ id }),
    refireCall: (id: string) => ({ id }),
    clearFinished: (id: string) => ({ robotId: id }),
    dismissWarning: (id: string) => ({ id }),
  } satisfies Partial<Record<MethodName, (id: string) => Record<string, unknown>>>;

  test.each(Object.keys(byIdOnly) as Array<keyof typeof byIdOnly>)(
    '%s: a well-formed id of nothing is answered (not found or nothing to do) and changes nothing',
    async (method) => {
      const strangeId = fc
        .string({ minLength: 1, maxLength: 200, unit: 'binary' })
        .filter((id) => ![robotId, presetId, callId].includes(id));
      await fc.assert(
        fc.asyncProperty(strangeId, async (id) => {
          const before = await snapshot();
          const [result, other] = await Promise.all([
            send(method, byIdOnly[method](id)),
            send('getSettings', {}),
          ]);
          expect(other.ok).toBe(true);
          if (!result.ok) expect(['not-found', 'validation']).toContain(result.error.kind);
          expect(await snapshot()).toBe(before);
        }),
        // deleteRobot commits a transaction even for an id of nothing (a sync to disk each time): fewer runs.
        { numRuns: method === 'deleteRobot' ? 3 : 15, seed: 22 },
      );
    },
    HEAVY.timeout,
  );

  test('an unknown method, a prototype name or a huge name is refused without running anything', async () => {
    for (const method of [
      'nope',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'x'.repeat(100_000),
    ]) {
      const before = await snapshot();
      const result = await send(method, {});
      expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
      expect(JSON.stringify(result).length).toBeLessThan(300);
      expect(await snapshot()).toBe(before);
    }
  });

  test('a path from the window is a validation error on every method that used to take one', async () => {
    const file = '/dev/zero';
    await expectRefused(
      'createRobot',
      { name: 'Pipe', baseUrl: 'https://x.example', caFile: file },
      'caFile',
    );
    await expectRefused('updateRobot', { id: robotId, patch: { caFile: file } }, 'caFile');
    await expectRefused('updateRobot', { id: robotId, patch: { caFile: null } }, 'caFile');
    await expectRefused('updateSettings', { network: { caFile: file } }, 'caFile');
    await expectRefused('chooseRobotCaFile', { robotId, file }, 'file');
    await expectRefused('chooseSettingsCaFile', { caFile: file }, 'caFile');
    await expectRefused('describeRobotCaFile', { robotId, file }, 'file');
    await expectRefused('describeSettingsCaFile', { caFile: file }, 'caFile');
    // Nested groups are strict too: an unknown field is refused, not silently dropped.
    await expectRefused('updateSettings', { http: { proxy: 'x' } }, 'proxy');
    await expectRefused('updateRobot', { id: robotId, patch: { pollPolicy: { every: 1 } } }, 'every');
  });

  test('no promise rejected unhandled and main still answers, with nothing fired', async () => {
    expect(unhandled).toEqual([]);
    expect(await send('listRobots', {})).toMatchObject({ ok: true, value: [{ id: robotId }] });
    expect(await send('listCalls', {})).toMatchObject({ ok: true, value: [{ id: callId, state: 'done' }] });
    expect(sandbox.calls()).toHaveLength(1);
  });
});
