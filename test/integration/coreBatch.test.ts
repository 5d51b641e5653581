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

  test('run again: a new batch of the rows that did not end done (or those named), checked, the secret asked again', async () => {
    h = await openCoreHarness();
    const { robot, preset } = await invoicePreset();
    h.sandbox.setFaults({ trigger: { serverError: { rate: 1, status: 500 } } }, 'Invoices');
    const rows = readRows('invoiceId,amount\nINV-1,1\nINV-2,2\nINV-3,3\n');
    const first = await h.core.batches.create(robot.id, preset.id, rows, { secrets: { pin: 'p1' } });
    const failed = await h.core.batches.run(first.id, { pin: 'p1' });
    expect(failed.counts.done ?? 0).toBe(0);
    expect(h.sandbox.calls()).toEqual([]);

    // The secret is never kept: the new batch needs it again, and a value for a row's own field is refused.
    await expect(h.core.batches.again(first.id)).rejects.toThrow(/needs the secret field pin/);
    await expect(
      h.core.batches.again(first.id, { secrets: { pin: 'p2', invoiceId: 'INV-9' } }),
    ).rejects.toThrow(/invoiceId: not a secret field/);
    await expect(h.core.batches.again(first.id, { rows: [4], secrets: { pin: 'p2' } })).rejects.toThrow(
      /has rows 1 to 3; there is no row 4/,
    );

    h.sandbox.setFaults({}, 'Invoices');
    const some = await h.core.batches.again(first.id, { rows: [3, 1], secrets: { pin: 'p2' } });
    expect(some).toMatchObject({ againOf: first.id, total: 2, counts: { pending: 2 }, concurrency: 4 });
    expect(h.core.batches.rows(some.id).map((r) => r.request)).toEqual([
      { fields: { invoiceId: 'INV-1', amount: 1 } },
      { fields: { invoiceId: 'INV-3', amount: 3 } },
    ]);
    const all = await h.core.batches.again(first.id, { secrets: { pin: 'p2' }, concurrency: 1 });
    expect(all).toMatchObject({ total: 3, concurrency: 1 });
    expect((await h.core.batches.run(all.id, { pin: 'p2' })).counts).toEqual({ done: 3 });
    expect(h.sandbox.calls().map((c) => [c.args.invoice, c.args.pin])).toEqual([
      ['INV-1', 'p2'],
      ['INV-2', 'p2'],
      ['INV-3', 'p2'],
    ]);
    // Every row of `all` ended done: nothing is left to run again by default.
    await expect(h.core.batches.again(all.id, { secrets: { pin: 'p2' } })).rejects.toThrow(/No row of batch/);
    expect(h.core.batches.get(first.id).counts).toEqual(failed.counts);
  });

  test('run again refuses rows still to be fired by their batch, and rows the preset now refuses', async () => {
    h = await openCoreHarness();
    const { robot, preset } = await invoicePreset();
    const batch = await h.core.batches.create(
      robot.id,
      preset.id,
      readRows('invoiceId,amount\nINV-1,1\nINV-2,2\n'),
      { secrets: { pin: 'p' } },
    );
    await expect(h.core.batches.again(batch.id, { rows: [1], secrets: { pin: 'p' } })).rejects.toThrow(
      /Row 1 of batch .* is pending, so it may still be fired there/,
    );
    await h.core.batches.stop(batch.id);
    await h.core.updatePreset(preset.id, {
      fields: [
        { name: 'invoiceId', type: 'text', required: true, pattern: '^INV-[0-9]+$' },
        { name: 'amount', type: 'number', min: 2 },
        { name: 'pin', type: 'text', required: true, secret: true },
      ],
    });
    const error = await h.core.batches
      .again(batch.id, { rows: [1, 2], secrets: { pin: 'p' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchRowsError);
    expect((error as BatchRowsError).problems).toEqual([
      { row: 1, column: null, message: expect.stringContaining('at least 2') },
    ]);
    expect(h.core.batches.list()).toHaveLength(1);
    expect(h.sandbox.calls()).toEqual([]);
  });
});
