import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import type { UsualRun } from '../../src/shared/models/usualRun.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { storeFinishedCalls, type StoredCall } from '../support/storedCalls.ts';

let h: CliHarness;
let robotId: string;
beforeAll(async () => {
  h = await CliHarness.open();
  robotId = (await h.addRobot({ name: 'Invoices', flow: [{ type: 'respond' as const, echo: true }] })).id;
});
afterAll(() => h.close());

/** `count` finished calls of the robot, from preset `presetId`, each `runMs(i)` from acceptance to its answer. */
function runs(count: number, presetId: string | null, runMs: (i: number) => number): StoredCall[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: `${presetId ?? 'custom'}-${i}`,
    robotId,
    robotName: 'Invoices',
    presetId,
    presetName: presetId,
    webhookCallId: `wh-${presetId ?? 'custom'}-${i}`,
    response: { i },
    createdAt: start + i * 60_000,
    acceptedAt: start + i * 60_000,
    finishedAt: start + i * 60_000 + runMs(i),
  }));
}

describe('robot-tray calls shows how long calls usually run', () => {
  test('a column of the middle half of recent runs, per preset once it has ten, "-" before', async () => {
    // Monthly: 20 runs of 12 to 21.5 s. Weekly: 5 runs only, so its robot's runs stand in. Another robot has 3.
    storeFinishedCalls(h.home, [
      ...runs(20, 'monthly', (i) => 12_000 + i * 500),
      ...runs(5, 'weekly', () => 10_000),
      ...runs(3, null, () => 1_000).map((c) => ({ ...c, robotId: 'r2', robotName: 'Mail' })),
    ]);
    const result = await h.run(['calls', '--limit', '100', '--no-refresh']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/POLLS\s+USUALLY\s+WEBHOOKCALLID/);
    const row = (id: string) => lines.find((line) => line.startsWith(id + ' '))!;
    expect(row('monthly-0')).toMatch(/\s14–19 s\s/);
    // The robot's 25 runs: 20 monthly, 5 weekly.
    expect(row('weekly-0')).toMatch(/\s13–19 s\s/);
    expect(row('custom-0')).toMatch(/\s1\s+-\s+wh-custom-0$/);
    expect(result.stderr).toMatch(/USUALLY = how long calls of that preset \(else robot\) usually run/);

    const listed = await h.json<Array<Call & { usual?: UsualRun }>>([
      'calls',
      '--limit',
      '100',
      '--no-refresh',
    ]);
    const monthly = listed.find((c) => c.id === 'monthly-3')!;
    expect(monthly.usual).toMatchObject({ runs: 20, text: 'usually done in 14–19 s' });
    expect(listed.find((c) => c.id === 'custom-1')!.usual).toBeUndefined();
  });

  test("preset show says how long its calls usually run: its robot's runs until it has ten of its own", async () => {
    const core = await h.core();
    const preset = await core.createPreset({ robotId, name: 'Quarterly', method: 'POST', args: {} });
    const before = await h.run(['preset', 'show', 'Invoices', 'Quarterly']);
    // No run of its own yet: its robot's stand in.
    expect(before.stdout).toMatch(/runs\s+usually done in 13–19 s \(/);
    storeFinishedCalls(
      h.home,
      runs(10, preset.id, () => 30_000),
    );
    const after = await h.run(['preset', 'show', 'Invoices', 'Quarterly']);
    expect(after.stdout).toMatch(
      /runs\s+usually done in about 30 s \(the middle half .* of the last 10 finished runs/,
    );
  });
});
