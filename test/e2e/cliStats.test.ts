import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallState } from '../../src/shared/models/call.ts';
import type { RunStats } from '../../src/shared/models/runStats.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { storeFinishedCalls, type StoredCall } from '../support/storedCalls.ts';

let h: CliHarness;
let robotId: string;
let presetId: string;
beforeAll(async () => {
  h = await CliHarness.open();
  robotId = (await h.addRobot({ name: 'Invoices', flow: [{ type: 'respond' as const, echo: true }] })).id;
  const core = await h.core();
  presetId = (await core.createPreset({ robotId, name: 'Monthly', method: 'POST', args: {} })).id;
});
afterAll(() => h.close());

const HOUR = 3_600_000;

/** A call made `hoursAgo` hours ago, ended in `state` after `ms` of running. */
function made(i: number, hoursAgo: number, state: CallState, ms: number, preset: string | null): StoredCall {
  const at = Date.now() - hoursAgo * HOUR;
  return {
    id: `s-${i.toString()}`,
    robotId,
    robotName: 'Invoices',
    presetId: preset,
    presetName: preset,
    webhookCallId: `wh-s-${i.toString()}`,
    response: {},
    state,
    createdAt: at,
    acceptedAt: at,
    finishedAt: at + ms,
  };
}

describe('robot-tray stats', () => {
  beforeAll(() => {
    storeFinishedCalls(
      h.home,
      [
        // This week: 3 done (10, 20, 30 s) and 1 failed (40 s) of the preset, 1 expired without it.
        made(1, 2, 'done', 10_000, 'P'),
        made(2, 30, 'done', 20_000, 'P'),
        made(3, 50, 'done', 30_000, 'P'),
        made(4, 70, 'failed', 40_000, 'P'),
        made(5, 5, 'expired', 1_000, null),
        // Twenty days ago: outside a week, inside a month.
        made(6, 20 * 24, 'done', 90_000, null),
      ].map((c) => (c.presetId === 'P' ? { ...c, presetId } : c)),
    );
  });

  test('a robot over the last week: calls, outcome shares, p50/p90 of runs done or failed, a table of days when piped', async () => {
    const result = await h.run(['stats', 'Invoices']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Calls +5$/m);
    expect(result.stdout).toMatch(
      /^Outcomes +done 60% · failed 20% · unknown 0% · expired 20% · stopped 0% · other 0%$/m,
    );
    // 10, 20, 30, 40 s: the median halfway between 20 and 30, p90 at 37.
    expect(result.stdout).toMatch(/^Run time +p50 25 s · p90 37 s \(4 runs done or failed\)$/m);
    expect(result.stdout).toMatch(/^DAY +CALLS +DONE +FAILED +P50 +P90$/m);
    expect(result.stdout.match(/^\d{4}-\d\d-\d\d +\d+/gm)).toHaveLength(8);
  });

  test('--preset and --since choose the calls; --json hands over the same figures', async () => {
    const preset = await h.json<RunStats>(['stats', 'Invoices', '--preset', 'Monthly', '--json']);
    expect(preset).toMatchObject({ robotId, presetId, calls: 4, runTimes: { runs: 4, p50: 25_000 } });
    const month = await h.json<RunStats>(['stats', 'Invoices', '--since', '30d', '--json']);
    expect(month).toMatchObject({ calls: 6, states: { done: 4, failed: 1, expired: 1 } });
    expect(month.days.length).toBeGreaterThanOrEqual(30);
  });

  test('a span it cannot read, or --preset without its robot, is refused saying how to write it', async () => {
    const span = await h.run(['stats', 'Invoices', '--since', 'last week']);
    expect(span.code).not.toBe(0);
    expect(span.stderr).toMatch(/expected a span back from now such as 24h, 7d or 2w, of at most 366 days/);
    const preset = await h.run(['stats', '--preset', 'Monthly']);
    expect(preset.code).not.toBe(0);
    expect(preset.stderr).toMatch(
      /--preset needs the robot it belongs to: robot-tray stats ROBOT --preset PRESET/,
    );
  });
});
