import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { MethodName } from '../../src/shared/ipc/contract.ts';
import type { AppEvent } from '../../src/shared/events.ts';
import { MAX_BATCH_ROWS_TEXT } from '../../src/shared/limits.ts';
import { nextBatchEnd } from '../support/coreEvents.ts';
import { openIpcShell, type IpcShell } from '../support/ipcShell.ts';

const PIN = 'pin-ipc-batch-8080';

/**
 * Batches through main's real dispatch and handlers, as an untrusted window
 * sends them: the rows checked before anything is stored, the secret field's
 * value going window → main → robot and nowhere back, hostile requests
 * refused with the field named and nothing changed.
 */
describe('batches through IPC', () => {
  let shell: IpcShell;
  let sandbox: Sandbox;
  const events: AppEvent[] = [];
  afterEach(async () => {
    await shell?.close();
    await sandbox?.close();
    events.length = 0;
  });

  async function setUp() {
    sandbox = await startSandbox({ demoRobots: false, seed: 5 });
    sandbox.addRobot({ name: 'refunds', flow: [{ type: 'respond', echo: true }] });
    shell = await openIpcShell();
    shell.hub.subscribe((event) => events.push(event));
    const robot = await shell.value('createRobot', { name: 'Refunds', baseUrl: sandbox.baseUrl });
    await shell.value('setToken', { robotId: robot.id, token: sandbox.tokenOf('refunds') });
    const preset = await shell.value('createPreset', {
      robotId: robot.id,
      name: 'Refund',
      method: 'POST',
      args: { order: { $field: 'order' }, cents: { $field: 'cents' }, pin: { $field: 'pin' } },
      fields: [
        { name: 'order', label: 'Order', type: 'text', required: true, pattern: '^O-[0-9]+$' },
        { name: 'cents', type: 'number', min: 1 },
        { name: 'pin', type: 'text', required: true, secret: true },
      ],
    });
    return { robotId: robot.id, presetId: preset.id };
  }

  test('the preview lists problems by row and column, shows the first rows as requests without the secret, stores nothing', async () => {
    const ids = await setUp();
    const bad = await shell.value('previewBatch', {
      ...ids,
      text: 'Order;cents\nO-1;5\nO-2;0\nX;3\n',
      secrets: { pin: PIN },
    });
    expect(bad).toMatchObject({ total: 3, columns: ['Order', 'cents'], requests: [] });
    expect(bad.problems).toEqual([
      { row: 2, column: 'cents', message: 'must be at least 1, got 0' },
      { row: 3, column: 'Order', message: expect.stringContaining('must match ^O-[0-9]+$') },
    ]);
    const good = await shell.value('previewBatch', {
      ...ids,
      text: '{"order":"O-1","cents":5}\n{"order":"O-2"}\n{"order":"O-3"}\n{"order":"O-4"}\n',
      secrets: { pin: PIN },
    });
    expect(good.problems).toEqual([]);
    expect(good.requests).toHaveLength(3);
    expect(good.requests[0]).toContain('"order":"O-1"');
    expect(JSON.stringify(good)).not.toContain(PIN);
    const noPin = await shell.send('previewBatch', { ...ids, text: 'order\nO-1\n' });
    expect(noPin).toMatchObject({ ok: false, error: { message: expect.stringMatching(/secret field pin/) } });
    expect(await shell.value('listBatches', {})).toEqual([]);
    expect(sandbox.calls()).toEqual([]);
  });

  test('a batch started from the window sends the secret to the robot and nowhere else', async () => {
    const ids = await setUp();
    const ended = nextBatchEnd(shell.core);
    const started = await shell.value('startBatch', {
      ...ids,
      text: 'order,cents\nO-1,1\nO-2,2\nO-3,3\n',
      secrets: { pin: PIN },
      concurrency: 2,
    });
    expect(started).toMatchObject({ total: 3, concurrency: 2, secretFields: ['pin'] });
    expect((await ended).batch.counts).toEqual({ done: 3 });
    expect(sandbox.calls().map((c) => c.args.pin)).toEqual([PIN, PIN, PIN]);
    const progress = events.filter((e) => e.type === 'batch');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ progress: { running: false, etaMs: 0, error: null } });
    const rows = await shell.value('listBatchRows', {
      id: started.id,
      from: 1,
      limit: 10,
      pick: ['response.pin'],
    });
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'done']);
    const exported = path.join(shell.dataDir, 'results.jsonl');
    shell.saveDialog.answer(exported);
    await shell.value('exportBatch', { id: started.id, format: 'jsonl', pick: ['response.order'] });
    const lines = (await readFile(exported, 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { picked: unknown }).picked)).toEqual([
      { 'response.order': 'O-1' },
      { 'response.order': 'O-2' },
      { 'response.order': 'O-3' },
    ]);
    // The robot echoed the pin: the history masks it, so the rows' picked values do not carry it either.
    const everything = JSON.stringify([events, rows, await shell.value('listBatches', {}), shell.refusals]);
    expect(everything).not.toContain(PIN);
    expect(await readFile(exported, 'utf8')).not.toContain(PIN);
    const db = await readFile(path.join(shell.dataDir, 'robot-tray.sqlite'));
    expect(db.includes(PIN)).toBe(false);
  });

  test("the results offer the responses' paths as columns (names only), refuse a column outside a call's response, arguments and named fields, and hand over a row's call", async () => {
    const ids = await setUp();
    const ended = nextBatchEnd(shell.core);
    const batch = await shell.value('startBatch', {
      ...ids,
      text: 'order,cents\nO-1,1\nO-2,2\n',
      secrets: { pin: PIN },
    });
    await ended;
    const offered = await shell.value('batchColumns', { id: batch.id });
    expect(offered).toEqual(['response.order', 'response.cents', 'response.pin']);

    for (const [pick, message] of [
      [['echoPrints'], /"echoPrints" is no column: start it with response\./],
      [['echoPrints.0.m'], /is no column/],
      [['timeline'], /is no column/],
      [['response..order'], /empty name between its dots/],
      [Array.from({ length: 11 }, (_, i) => `response.f${i}`), /at most 10 columns/],
    ] as const) {
      for (const [method, request] of [
        ['listBatchRows', { id: batch.id, from: 1, limit: 10, pick }],
        ['exportBatch', { id: batch.id, format: 'csv', pick }],
      ] as const) {
        const result = await shell.send(method, request);
        expect(result.ok, `${method} ${pick.join()}`).toBe(false);
        if (!result.ok) expect(result.error.message).toMatch(message);
      }
    }
    // The core holds every entry (the CLI's --pick too) to the same columns.
    expect(() => shell.core.batches.results(batch.id, { pick: ['echoPrints', 'response.order'] })).toThrow(
      /"echoPrints" is no column/,
    );
    const [first] = shell.core.batches.results(batch.id, { pick: ['response.order'] });
    expect(first?.picked).toEqual({ 'response.order': 'O-1' });

    const rows = await shell.value('listBatchRows', { id: batch.id, from: 1, limit: 10 });
    const second = await shell.value('batchRowCall', { id: batch.id, row: 2 });
    expect(second).toMatchObject({ id: rows[1]?.call, state: 'done', presetName: 'Refund' });
    expect(await shell.value('batchRowCall', { id: batch.id, row: 3 })).toBeNull();
    expect(JSON.stringify([offered, second, shell.refusals])).not.toContain(PIN);
  });

  test('hostile requests are refused, name what is wrong, and send or store nothing', async () => {
    const ids = await setUp();
    const refused = async (method: MethodName, request: unknown, message: RegExp) =>
      expect((await shell.refusal(method, request)).message).toMatch(message);
    const text = 'order\nO-1\n';
    await refused(
      'startBatch',
      { ...ids, text: 'x'.repeat(MAX_BATCH_ROWS_TEXT + 1), secrets: { pin: PIN } },
      /text/,
    );
    await refused('previewBatch', { ...ids, text: '' }, /text: give at least a header/);
    // A value for a row's own field, given as a "secret", would replace every row's: refused.
    await refused(
      'startBatch',
      { ...ids, text, secrets: { pin: PIN, order: 'O-666' } },
      /order: not a secret field/,
    );
    await refused('startBatch', { ...ids, text, secrets: { pin: PIN }, concurrency: 65 }, /concurrency/);
    await refused(
      'startBatch',
      { ...ids, text, secrets: { pin: PIN }, extra: 1 },
      /Invalid startBatch request/,
    );
    await refused(
      'startBatch',
      { ...ids, text: 'order,pin\nO-1,1234\n', secrets: { pin: PIN } },
      /secret field "pin"/,
    );
    await refused(
      'startBatch',
      { robotId: '../../etc', presetId: ids.presetId, text, secrets: { pin: PIN } },
      /not found|no robot/i,
    );
    await refused('pauseBatch', { id: 'x'.repeat(201) }, /id: must be at most 200 characters/);
    await refused('pauseBatch', { id: 'no-such-batch' }, /Batch "no-such-batch" was not found/);
    // Secrets travel only where a batch is run: a pause or a page of rows takes none.
    await refused('pauseBatch', { id: 'no-such-batch', secrets: { pin: PIN } }, /Invalid pauseBatch request/);
    await refused('listBatchRows', { id: 'no-such-batch', from: 1, limit: 501 }, /limit/);
    await refused('runBatchAgain', { id: 'no-such-batch', rows: [1.5], secrets: {} }, /rows/);
    expect(await shell.value('listBatches', {})).toEqual([]);
    expect(sandbox.calls()).toEqual([]);
    expect(shell.refusals.join('\n')).not.toContain(PIN);

    // A batch run once: resuming needs the secret again, and a stopped one is not resumed.
    const ended = nextBatchEnd(shell.core);
    const batch = await shell.value('startBatch', { ...ids, text, secrets: { pin: PIN } });
    await ended;
    await refused('resumeBatch', { id: batch.id, secrets: {} }, /is finished; make a new batch/);
    await refused('runBatchAgain', { id: batch.id, secrets: { pin: PIN } }, /No row of batch/);
    await refused('runBatchAgain', { id: batch.id, rows: [2], secrets: { pin: PIN } }, /there is no row 2/);
    await refused('runBatchAgain', { id: batch.id, rows: [1], secrets: {} }, /secret field pin/);
    expect(sandbox.calls()).toHaveLength(1);
  });
});
