import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { type Call, callStates, type CallState } from '../../src/shared/models/call.ts';
import { noStates, type RunStats, type RunTimes } from '../../src/shared/models/runStats.ts';
import { doneCall } from '../support/callRecords.ts';
import { HEAVY } from '../support/heavyTest.ts';

// Days are local days: a zone with a clock change inside the histories below (29 March 2026).
const zone = process.env['TZ'];
beforeAll(() => void (process.env['TZ'] = 'Europe/Berlin'));
afterAll(() => void (process.env['TZ'] = zone));

const BASE = Date.UTC(2026, 2, 26, 5);
const HOUR = 3_600_000;

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-stats-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
let histories = 0;
const newHistory = () =>
  CallHistory.open(path.join(dir, `h${(histories++).toString()}.sqlite`), new WarningLog());

/** One call of a small history: two robots, two presets and none, any state, times around a clock change. */
const callArb = fc
  .record({
    robot: fc.constantFrom('r1', 'r2'),
    preset: fc.constantFrom(null, 'p1', 'p2'),
    state: fc.constantFrom(...callStates),
    createdH: fc.integer({ min: 0, max: 24 * 8 }),
    createdMs: fc.integer({ min: 0, max: HOUR - 1 }),
    acceptedAfter: fc.option(fc.integer({ min: 0, max: 5_000 })),
    // A few negative: a clock set back between acceptance and the end is no run time.
    ranMs: fc.option(fc.integer({ min: -2_000, max: 600_000 })),
    // Written once in its final state, or first waiting and then ended (an update of the row).
    viaWaiting: fc.boolean(),
  })
  .map((c) => ({ ...c, createdAt: BASE + c.createdH * HOUR + c.createdMs }));
type Drawn = typeof callArb extends fc.Arbitrary<infer T> ? T : never;

function recordOf(d: Drawn, i: number, state: CallState = d.state): Call {
  const acceptedAt = d.acceptedAfter === null ? null : d.createdAt + d.acceptedAfter;
  const ended = state !== 'waiting' && state !== 'sending';
  const finishedAt = !ended || acceptedAt === null || d.ranMs === null ? null : acceptedAt + d.ranMs;
  return doneCall(`c${i.toString()}`, {
    robotId: d.robot,
    presetId: d.preset,
    state,
    createdAt: d.createdAt,
    acceptedAt,
    finishedAt,
  });
}

/** The p-th percentile of sorted values, linear between the two around it. */
function percentileOf(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! * (1 - (h - lo)) + sorted[hi]! * (h - lo);
}

function runTimesOf(calls: Call[]): RunTimes {
  const ms = calls
    .filter(
      (c) => (c.state === 'done' || c.state === 'failed') && c.acceptedAt !== null && c.finishedAt !== null,
    )
    .map((c) => Math.round(c.finishedAt! - c.acceptedAt!))
    .filter((m) => m >= 0)
    .sort((a, b) => a - b);
  return ms.length === 0
    ? { runs: 0, p50: null, p90: null }
    : { runs: ms.length, p50: percentileOf(ms, 0.5), p90: percentileOf(ms, 0.9) };
}

/** The statistics counted call by call, each call's local day found from its own date. */
function bruteForce(
  calls: Call[],
  scope: { robotId?: string; presetId?: string },
  since: number,
  until: number,
) {
  const chosen = calls.filter(
    (c) =>
      (scope.robotId === undefined || c.robotId === scope.robotId) &&
      (scope.presetId === undefined || c.presetId === scope.presetId) &&
      c.createdAt >= since &&
      c.createdAt < until,
  );
  const midnight = (t: number) => new Date(t).setHours(0, 0, 0, 0);
  const days = new Map<number, Call[]>();
  for (let t = since; t < until; t = new Date(midnight(t)).setDate(new Date(midnight(t)).getDate() + 1))
    days.set(Math.max(midnight(t), since), []);
  for (const c of chosen) days.get(Math.max(midnight(c.createdAt), since))!.push(c);
  const statesOf = (cs: Call[]) => {
    const states = noStates();
    for (const c of cs) states[c.state] += 1;
    return states;
  };
  return {
    calls: chosen.length,
    states: statesOf(chosen),
    runTimes: runTimesOf(chosen),
    days: [...days].map(([start, cs]) => ({
      start,
      calls: cs.length,
      states: statesOf(cs),
      runTimes: runTimesOf(cs),
    })),
  };
}

/** Percentiles summed in SQL and in JS may differ in the last bit. */
function closeTimes(times: RunTimes): RunTimes {
  const round = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);
  return { runs: times.runs, p50: round(times.p50), p90: round(times.p90) };
}
function comparable(stats: Pick<RunStats, 'calls' | 'states' | 'runTimes' | 'days'>) {
  return {
    calls: stats.calls,
    states: stats.states,
    runTimes: closeTimes(stats.runTimes),
    days: stats.days.map((d) => ({ ...d, runTimes: closeTimes(d.runTimes) })),
  };
}

describe('run statistics', () => {
  test('equal a brute-force count over the same history, for any robot, preset and period', HEAVY, () => {
    fc.assert(
      fc.property(
        fc.array(callArb, { maxLength: 60 }),
        fc.record({
          robotId: fc.option(fc.constantFrom('r1', 'r2'), { nil: undefined }),
          presetId: fc.option(fc.constantFrom('p1', 'p2'), { nil: undefined }),
        }),
        fc.integer({ min: 0, max: 24 * 8 }),
        fc.integer({ min: 1, max: 24 * 9 }),
        (drawn, scope, fromH, spanH) => {
          const history = newHistory();
          try {
            const calls = drawn.map((d, i) => recordOf(d, i));
            drawn.forEach((d, i) => {
              if (d.viaWaiting) history.put(recordOf(d, i, 'waiting'));
              history.put(calls[i]!);
            });
            const since = BASE + fromH * HOUR - 17;
            const until = since + spanH * HOUR;
            const stats = history.runStats(scope, since, until);
            expect(comparable(stats)).toEqual(comparable(bruteForce(calls, scope, since, until)));
          } finally {
            history.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a day of a clock change is one day: the local midnights bound them, 23 hours that day', () => {
    const history = newHistory();
    try {
      const since = new Date(2026, 2, 28).getTime();
      const stats = history.runStats({}, since, new Date(2026, 2, 31).getTime());
      const lengths = stats.days.map((d, i) => ((stats.days[i + 1]?.start ?? stats.until) - d.start) / HOUR);
      expect(lengths).toEqual([24, 23, 24]);
    } finally {
      history.close();
    }
  });

  test('points are the most recent runs that ended, oldest first, each naming its call', () => {
    const history = newHistory();
    try {
      const ran = (i: number, state: CallState, ms: number | null) =>
        doneCall(`c${i.toString()}`, {
          state,
          createdAt: BASE + i * HOUR,
          acceptedAt: BASE + i * HOUR,
          finishedAt: ms === null ? null : BASE + i * HOUR + ms,
        });
      for (const c of [ran(1, 'done', 10), ran(2, 'failed', 20), ran(3, 'expired', 30), ran(4, 'done', 40)])
        history.put(c);
      const stats = history.runStats({ robotId: 'r1' }, BASE, BASE + 10 * HOUR, 2);
      expect(stats.points).toEqual([
        { callId: 'c2', at: BASE + 2 * HOUR, ms: 20, state: 'failed' },
        { callId: 'c4', at: BASE + 4 * HOUR, ms: 40, state: 'done' },
      ]);
    } finally {
      history.close();
    }
  });
});

describe("a preset's last ended call", () => {
  test('is the newest call of the preset that ended, whatever its state, with when it ended; a waiting one is not', () => {
    const history = newHistory();
    try {
      const at = (h: number) => BASE + h * HOUR;
      const c = (id: string, state: CallState, h: number, presetId = 'p1') =>
        doneCall(id, {
          presetId,
          state,
          createdAt: at(h),
          acceptedAt: at(h),
          finishedAt: state === 'waiting' ? null : at(h) + 90,
        });
      expect(history.lastEnded('p1')).toBeNull();
      for (const call of [
        c('a', 'done', 1),
        c('b', 'expired', 3),
        c('c', 'failed', 2),
        c('d', 'waiting', 5),
        c('e', 'done', 9, 'p2'),
      ])
        history.put(call);
      expect(history.lastEnded('p1')).toEqual({ state: 'expired', at: at(3) + 90 });
      expect(history.lastEnded('p2')).toEqual({ state: 'done', at: at(9) + 90 });
    } finally {
      history.close();
    }
  });
});
