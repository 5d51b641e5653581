import { afterEach, describe, expect, test } from 'vitest';
import { readRows } from '../../src/core/batch/batchInput.ts';
import { BatchRowsError } from '../../src/core/batch/batchOps.ts';
import type { RowChange } from '../../src/core/batch/batchRunner.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';

/** Triggers the sandbox accepted, by the row key each carried. */
function triggersByKey(h: CoreHarness, key: string): Map<unknown, number> {
  const counts = new Map<unknown, number>();
  for (const call of h.sandbox.calls()) counts.set(call.args[key], (counts.get(call.args[key]) ?? 0) + 1);
  return counts;
}

describe('batches against the sandbox', () => {
  let h: CoreHarness;
  afterEach(async () => {
    await h?.close();
  });

  async function invoicePreset() {
    const robot = await h.addRobot({ name: 'Invoices', flow: [{ type: 'respond', echo: true }] });
    const preset = await h.core.createPreset({
      robotId: robot.id,
      name: 'Resync',
      method: 'POST',
      args: { invoice: { $field: 'invoiceId' }, amount: { $field: 'amount' }, pin: { $field: 'pin' } },
      fields: [
        { name: 'invoiceId', label: 'Invoice number', type: 'text', required: true, pattern: '^INV-[0-9]+$' },
        { name: 'amount', type: 'number', min: 0 },
        { name: 'pin', type: 'text', required: true, secret: true },
      ],
    });
    return { robot, preset };
  }

  test('every row is checked before anything is sent: problems by row and column, nothing stored or sent', async () => {
    h = await openCoreHarness();
    const { robot, preset } = await invoicePreset();
    const table = readRows('Invoice number;AMOUNT\nINV-1;12\nINV-2;-3\nnope;4\n');
    const error = await h.core.batches
      .create(robot.id, preset.id, table, { secrets: { pin: '4711' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchRowsError);
    expect((error as BatchRowsError).problems).toEqual([
      { row: 2, column: 'AMOUNT', message: 'must be at least 0, got -3' },
      { row: 3, column: 'Invoice number', message: expect.stringContaining('must match ^INV-[0-9]+$') },
    ]);
    expect(h.core.batches.list()).toEqual([]);
    expect(h.sandbox.calls()).toEqual([]);
  });

  test('a column naming a secret field, or no field, is refused; the secret is asked for the batch', async () => {
    h = await openCoreHarness();
    const { robot, preset } = await invoicePreset();
    const withPin = readRows('invoiceId,pin,colour\nINV-1,1234,red\n');
    const error = (await h.core.batches
      .create(robot.id, preset.id, withPin, { secrets: { pin: 'x' } })
      .catch((e: unknown) => e)) as BatchRowsError;
    expect(error.problems.map((p) => [p.row, p.column])).toEqual([
      [0, 'pin'],
      [0, 'colour'],
    ]);
    const noPin = await h.core.batches
      .create(robot.id, preset.id, readRows('invoiceId\nINV-1\n'))
      .catch((e: unknown) => e);
    expect((noPin as Error).message).toMatch(/secret field pin/);
    expect(h.sandbox.calls()).toEqual([]);
  });

  test('runs every row once to its end, the secret sent but never stored, within the concurrency limit', async () => {
    h = await openCoreHarness();
    const { robot, preset } = await invoicePreset();
    const rows = Array.from({ length: 12 }, (_, i) => `INV-${i + 1},${i}`).join('\n');
    const batch = await h.core.batches.create(robot.id, preset.id, readRows(`invoiceId,amount\n${rows}\n`), {
      secrets: { pin: 'pin-4711' },
      concurrency: 3,
    });
    const flying = new Set<number>();
    let most = 0;
    const ended = await h.core.batches.run(batch.id, { pin: 'pin-4711' }, (c: RowChange) => {
      if (c.to === 'firing' || c.to === 'waiting') flying.add(c.n);
      else flying.delete(c.n);
      most = Math.max(most, flying.size);
    });
    expect(ended.state).toBe('finished');
    expect(ended.counts).toEqual({ done: 12 });
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
    const counts = triggersByKey(h, 'invoice');
    expect(counts.size).toBe(12);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(h.sandbox.calls().every((c) => c.args.pin === 'pin-4711')).toBe(true);
    // The secret went to the robot and nowhere into the database.
    const { readFileSync } = await import('node:fs');
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(`${h.dataDir}/robot-tray.sqlite`, { readOnly: true });
    const dump = JSON.stringify([
      db.prepare('SELECT * FROM batches').all(),
      db.prepare('SELECT * FROM batch_rows').all(),
      db.prepare('SELECT data FROM calls').all(),
    ]);
    db.close();
    expect(dump).not.toContain('pin-4711');
    expect(readFileSync(`${h.dataDir}/robot-tray.sqlite`).includes('pin-4711')).toBe(false);
    const rowsShown = h.core.batches.rows(batch.id);
    expect(rowsShown.map((r) => h.core.getCall(r.callId!).state)).toEqual(Array(12).fill('done'));
  });

  test('a 429 answer slows the batch and puts the row back: every row ends done, each started once', async () => {
    h = await openCoreHarness({ sandbox: { seed: 3 } });
    const robot = await h.addRobot({
      name: 'Busy',
      flow: [{ type: 'respond', echo: true }],
      faults: { trigger: { tooManyRequests: { rate: 0.4, retryAfterSeconds: 0 } } },
    });
    const preset = await h.core.createPreset({ robotId: robot.id, name: 'Plain', method: 'POST', args: {} });
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
    const batch = await h.core.batches.create(robot.id, preset.id, readRows(`key\n${keys.join('\n')}\n`));
    const ended = await h.core.batches.run(batch.id, {});
    expect(ended.counts).toEqual({ done: 10 });
    const counts = triggersByKey(h, 'key');
    expect([...counts.keys()].sort()).toEqual(keys);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // The service did say 429: those answers are calls of their own, rejected, none a row's end.
    expect(h.core.listCalls({ states: ['rejected'] }).length).toBeGreaterThan(0);
  });

  test('a preset without fields takes columns as text arguments, NAME:json as JSON', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Args', flow: [{ type: 'respond', echo: true }] });
    const preset = await h.core.createPreset({
      robotId: robot.id,
      name: 'Plain',
      method: 'POST',
      args: { fixed: 1 },
    });
    const table = readRows('customer,count:json,tags:json\n"C-1, ""big""",3,"[""a"",""b""]"\n');
    const batch = await h.core.batches.create(robot.id, preset.id, table);
    await h.core.batches.run(batch.id, {});
    expect(h.sandbox.calls().map((c) => c.args)).toEqual([
      { fixed: 1, customer: 'C-1, "big"', count: 3, tags: ['a', 'b'] },
    ]);
    const bad = await h.core.batches
      .create(robot.id, preset.id, readRows('n:json\n{oops\n'))
      .catch((e: unknown) => e);
    expect((bad as BatchRowsError).problems[0]).toMatchObject({ row: 1, column: 'n:json' });
  });

  test('pause stops firing (rows in flight end), a resume fires the rest once each, stop leaves the rest unfired', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Steps', flow: [{ type: 'respond', echo: true }] });
    const preset = await h.core.createPreset({ robotId: robot.id, name: 'Plain', method: 'POST', args: {} });
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
    const batch = await h.core.batches.create(robot.id, preset.id, readRows(`key\n${keys.join('\n')}\n`), {
      concurrency: 2,
    });
    let paused: Promise<unknown> | undefined;
    const first = await h.core.batches.run(batch.id, {}, (c) => {
      if (c.to === 'done') paused ??= h.core.batches.pause(batch.id);
    });
    await paused;
    expect(first.state).toBe('paused');
    const doneFirst = first.counts.done ?? 0;
    expect(doneFirst).toBeGreaterThan(0);
    expect(first.counts.pending).toBe(8 - doneFirst);
    expect(h.sandbox.calls()).toHaveLength(doneFirst);

    let stopped: Promise<unknown> | undefined;
    const second = await h.core.batches.run(batch.id, {}, (c) => {
      if (c.to === 'done') stopped ??= h.core.batches.stop(batch.id);
    });
    await stopped;
    expect(second.state).toBe('stopped');
    expect((second.counts.done ?? 0) + (second.counts.pending ?? 0)).toBe(8);
    expect(second.counts.done).toBeGreaterThan(doneFirst);
    await expect(h.core.batches.run(batch.id, {})).rejects.toThrow(/is stopped; make a new batch/);
    const counts = triggersByKey(h, 'key');
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(second.counts.done);
  });
});
