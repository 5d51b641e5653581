import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LEASE_MS } from '../../src/core/tracker/leaseKeeper.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';

const keys = Array.from({ length: 30 }, (_, i) => `C-${i + 1}`);

/**
 * A batch whose process died mid-way (kill -9: no word, rows in flight)
 * is found by the window in the preset's batch dialog and resumed from
 * there: every row fired exactly once, across both processes.
 */
describe('the window resumes a batch whose process was killed', () => {
  let h: CliHarness | undefined;
  let app: AppWindow | undefined;
  beforeAll(() => requireBuiltRenderer());
  afterEach(async () => {
    await app?.close();
    await h?.close();
    app = undefined;
    h = undefined;
  });

  test('kill -9 mid-batch, then Resume in the dialog: no row fired twice, every row ended', async () => {
    h = await CliHarness.open();
    await h.addRobot({
      name: 'Slow',
      flow: [
        { type: 'wait', ms: 150 },
        { type: 'respond', echo: true },
      ],
      faults: { trigger: { latency: { ms: 40 } } },
    });
    await h.json(['preset', 'add', 'Slow', '--name', 'Plain']);
    const running = h.start(['batch', 'Slow', '--preset', 'Plain', '--rows', '-', '--concurrency', '4']);
    running.child.stdin.end(`customer\n${keys.join('\n')}\n`);
    await running.waitFor('stderr', /(?:^row \d+: done.*\n(?:.*\n)*?){6}/m);
    running.child.kill('SIGKILL');
    expect((await running.done).signal).toBe('SIGKILL');
    const triggered = () => {
      const counts = new Map<unknown, number>();
      for (const call of h!.sandbox.calls().filter((c) => c.robot === 'Slow'))
        counts.set(call.args.customer, (counts.get(call.args.customer) ?? 0) + 1);
      return counts;
    };
    expect(triggered().size).toBeLessThan(keys.length);

    app = await openAppWindow({ dataDir: h.home });
    const { page } = app;
    page.setDefaultTimeout(20_000);
    await page.locator('.robot-item').filter({ hasText: 'Slow' }).click();
    await page.getByRole('button', { name: 'Run Plain for many rows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Plain for many rows' });
    // The dialog shows the batch left running, not a new rows box.
    const progress = dialog.getByRole('region', { name: 'Progress' });
    await progress.waitFor();
    await dialog.getByRole('button', { name: 'Resume' }).click();
    // The rows the killed process was watching are taken over once its lease has lapsed, judged by
    // this process's own clock from when it first saw them (leaseJudge.ts): a whole lease.
    await progress.getByText('finished').waitFor({ timeout: LEASE_MS + 60_000 });

    const counts = triggered();
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const [batch] = app.core.batches.list(1);
    expect(batch?.state).toBe('finished');
    const rows = app.core.batches.results(batch!.id, { limit: keys.length });
    expect(rows).toHaveLength(keys.length);
    // Rows caught mid-trigger end unknown, never fired again; the others are done, once each.
    for (const row of rows) {
      expect(['done', 'unknown']).toContain(row.state);
      if (row.state === 'done') expect(counts.get(keys[row.row - 1])).toBe(1);
    }
    expect(rows.filter((r) => r.state === 'unknown').length).toBeLessThanOrEqual(4);
  }, 180_000);
});
