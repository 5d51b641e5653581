import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BatchInfo } from '../../src/core/batch/batchTypes.ts';
import { CliHarness } from '../support/cliHarness.ts';

const FIELDS = JSON.stringify([
  { name: 'customerId', label: 'Customer', type: 'text', required: true, pattern: '^C-[0-9]+$' },
  { name: 'qty', type: 'number', min: 1, default: 1 },
  { name: 'pin', type: 'text', required: true, secret: true },
]);
const ARGS = '{"customer":{"$field":"customerId"},"qty":{"$field":"qty"},"pin":{"$field":"pin"}}';
const PIN = 'pin-batch-5150';

/** Triggers the sandbox accepted for each customer. */
function triggers(h: CliHarness, robot: string): Map<unknown, number> {
  const counts = new Map<unknown, number>();
  for (const call of h.sandbox.calls().filter((c) => c.robot === robot))
    counts.set(call.args.customer, (counts.get(call.args.customer) ?? 0) + 1);
  return counts;
}

const customers = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `C-${from + i}`);

/** `robot-tray batch`: rows checked first, every row fired once, results picked, resumed after kill -9. */
describe('robot-tray batch', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    h.secrets.add(PIN);
    await h.addRobot({ name: 'Orders', flow: [{ type: 'respond', echo: true, constants: { ok: true } }] });
    await h.json(['preset', 'add', 'Orders', '--name', 'One', '--fields', FIELDS, '--args', ARGS]);
  });
  afterAll(() => h?.close());

  test('rows that break the fields are listed by row and column, and nothing is sent', async () => {
    const result = await h.run(
      ['batch', 'Orders', '--preset', 'One', '--rows', '-', '--field-env', 'pin=PIN'],
      {
        input: 'Customer;qty\nC-1;2\nC-2;0\nX;1\n',
        env: { PIN },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('row 2, column qty: must be at least 1, got 0');
    expect(result.stderr).toContain("row 3, column Customer: must match ^C-[0-9]+$, got 'X'");
    expect(result.stderr).toContain('nothing was sent');
    expect(triggers(h, 'Orders').size).toBe(0);
  });

  test('a --pick that names no column (the echo prints) is refused before any row is fired', async () => {
    const result = await h.run(
      ['batch', 'Orders', '--preset', 'One', '--rows', '-', '--field-env', 'pin=PIN', '--pick', 'echoPrints'],
      { input: 'customerId\nC-1\n', env: { PIN } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"echoPrints" is no column');
    expect(triggers(h, 'Orders').size).toBe(0);
  });

  test('--dry-run shows the requests, the secret as its placeholder, and sends nothing', async () => {
    const result = await h.run(
      ['batch', 'Orders', '--preset', 'One', '--rows', '-', '--field-env', 'pin=PIN', '--dry-run'],
      { input: 'customerId\nC-1\nC-2\n', env: { PIN } },
    );
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
    expect(result.stdout).toContain('"customer":"C-1"');
    expect(result.stdout).not.toContain(PIN);
    expect(result.stderr).toContain('2 rows checked; nothing was sent');
    expect(triggers(h, 'Orders').size).toBe(0);
  });

  test('fires every row once, picks response fields into --out, exits 0 when every row is done', async () => {
    const out = path.join(h.home, 'results.csv');
    const keys = customers(6, 100);
    const result = await h.run(
      [
        'batch',
        'Orders',
        '--preset',
        'One',
        '--rows',
        '-',
        '--field-env',
        'pin=PIN',
        '--pick',
        'response.customer',
        '--out',
        out,
      ],
      { input: `"customerId"\n${keys.join('\n')}\n`, env: { PIN } },
    );
    expect(result.stderr).toMatch(/batch [0-9a-f-]+ finished: 6 done/);
    expect(result.code).toBe(0);
    // Piped, progress is one plain line per row.
    expect(result.stderr.match(/^row \d+: done/gm)).toHaveLength(6);
    const counts = triggers(h, 'Orders');
    expect(keys.map((k) => counts.get(k))).toEqual(Array(6).fill(1));
    const csv = (await readFile(out, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('row,call,state,run_ms,response.customer');
    expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual(keys);
    expect(csv.slice(1).every((line) => line.split(',')[2] === 'done')).toBe(true);
  });

  test('a failed run makes the exit code say so; batch list and show read it back', async () => {
    await h.addRobot({ name: 'Flaky', flow: [{ type: 'fail', message: 'no stock' }] });
    await h.json(['preset', 'add', 'Flaky', '--name', 'Plain']);
    const result = await h.run(['batch', 'Flaky', '--preset', 'Plain', '--rows', '-'], {
      input: 'item\na\n',
    });
    expect(result.code).toBe(10);
    const list = await h.run(['batch', 'list', '--json']);
    const batches = JSON.parse(list.stdout) as BatchInfo[];
    expect(batches[0]).toMatchObject({ robotName: 'Flaky', state: 'finished', counts: { failed: 1 } });
    const shown = await h.run(['batch', 'show', batches[0]!.id.slice(0, 8), '--json']);
    expect(shown.code).toBe(10);
    expect(JSON.parse(shown.stdout)).toMatchObject({ row: 1, state: 'failed' });
  });

  test('batch again runs the rows named (by default those not done) as a new batch', async () => {
    await h.addRobot({ name: 'Broken', flow: [{ type: 'fail', message: 'no stock' }] });
    await h.json(['preset', 'add', 'Broken', '--name', 'Plain']);
    const first = await h.run(['batch', 'Broken', '--preset', 'Plain', '--rows', '-', '--json'], {
      input: 'item\na\nb\nc\n',
    });
    expect(first.code).toBe(10);
    const [from] = JSON.parse((await h.run(['batch', 'list', '--json'])).stdout) as BatchInfo[];
    const again = await h.run(['batch', 'again', from!.id.slice(0, 8), '--rows', '3,1', '--json']);
    expect(again.code).toBe(10);
    expect(again.stderr).toContain(`2 rows of batch ${from!.id} again`);
    expect(
      again.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toMatchObject([
      { row: 1, state: 'failed' },
      { row: 2, state: 'failed' },
    ]);
    const [made] = JSON.parse((await h.run(['batch', 'list', '--json'])).stdout) as BatchInfo[];
    expect(made).toMatchObject({ againOf: from!.id, total: 2 });
    const items = h.sandbox
      .calls()
      .filter((c) => c.robot === 'Broken')
      .map((c) => c.args.item);
    expect(items).toEqual(['a', 'b', 'c', 'a', 'c']);
    const bad = await h.run(['batch', 'again', from!.id, '--rows', '2-x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rows: "2-x" is not a row number or a range like 12-20.');
  });

  // Two batches of 40 rows, each row polled to its end: on a loaded two-core machine that is more than
  // the default 30 s, so this test has a longer bound (it waits on the commands' output, never a timer).
  test('kill -9 mid-batch, then resume: every row fired exactly once, none left', async () => {
    await h.addRobot({
      name: 'Slow',
      flow: [
        { type: 'wait', ms: 150 },
        { type: 'respond', echo: true },
      ],
      faults: { trigger: { latency: { ms: 40 } } },
    });
    await h.json(['preset', 'add', 'Slow', '--name', 'Plain']);
    const keys = customers(40);
    const running = h.start(['batch', 'Slow', '--preset', 'Plain', '--rows', '-', '--concurrency', '4']);
    running.child.stdin.end(`customer\n${keys.join('\n')}\n`);
    const started = await running.waitFor('stderr', /batch ([0-9a-f-]{36})/);
    const id = /batch ([0-9a-f-]{36})/.exec(started)![1]!;
    // Some rows ended, others are in flight: the process dies without a word.
    await running.waitFor('stderr', /(?:^row \d+: done.*\n(?:.*\n)*?){8}/m);
    running.child.kill('SIGKILL');
    const killed = await running.done;
    expect(killed.signal).toBe('SIGKILL');
    const before = triggers(h, 'Slow');
    expect(before.size).toBeGreaterThan(7);
    expect(before.size).toBeLessThan(40);

    const resumed = await h.run(['batch', 'resume', id, '--json']);
    const rows = resumed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { row: number; state: string });
    const counts = triggers(h, 'Slow');
    // No customer was started twice, and every row ended: done, or unknown when it was caught mid-trigger.
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      expect(['done', 'unknown']).toContain(row.state);
      if (row.state === 'done') expect(counts.get(keys[row.row - 1])).toBe(1);
    }
    expect(rows.filter((r) => r.state === 'unknown').length).toBeLessThanOrEqual(4);
    expect(resumed.code).toBe(rows.every((r) => r.state === 'done') ? 0 : 6);
  }, 120_000);
});
