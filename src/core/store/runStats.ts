import type { DatabaseSync } from 'node:sqlite';
import { callStates } from '../../shared/models/call.ts';
import {
  type DayStats,
  noStates,
  type RunPoint,
  type RunStats,
  type RunTimes,
} from '../../shared/models/runStats.ts';

/**
 * A robot's or preset's run statistics over a period, read from an index
 * that holds every column they need (calls_robot_runs or calls_preset_runs:
 * its key, state, created_at, run_ms), so no call record is read or parsed.
 * Days are local calendar days, their bounds computed here (a day of a clock
 * change is still one day), and each (day, state) is one range of the index:
 * counting them needs no sort. The run times come back as one text per day,
 * sorted here: SQLite would sort them row by row, several times slower.
 * Percentiles are linear between the two runs around them, as the learned
 * run-time profiles read theirs.
 */

export type StatsScope = { robotId?: string; presetId?: string };

/** Which calls, as SQL over a day's bounds (`d.start`, `d.end`), and its parameters. */
function scopeOf(scope: StatsScope): { where: string; params: string[] } {
  const where: string[] = [];
  const params: string[] = [];
  if (scope.presetId !== undefined) {
    where.push('c.preset_id = ?');
    params.push(scope.presetId);
  }
  if (scope.robotId !== undefined) {
    where.push('c.robot_id = ?');
    params.push(scope.robotId);
  }
  where.push('c.created_at >= d.start AND c.created_at < d.end');
  return { where: where.join(' AND '), params };
}

/** The local midnights that cut [since, until) into days, as [start, end) pairs. */
export function dayBounds(since: number, until: number): Array<[number, number]> {
  const days: Array<[number, number]> = [];
  let start = since;
  while (start < until) {
    const next = new Date(start);
    next.setHours(24, 0, 0, 0);
    const end = Math.min(next.getTime(), until);
    days.push([start, end]);
    start = end;
  }
  return days;
}

/** The days as a table `d` (n from 0, start, end), and the states as `s`. */
const DAYS = `WITH d(n, start, end) AS (SELECT key, value ->> 0, value ->> 1 FROM json_each(?)),
  s(state) AS (SELECT value FROM json_each(?))`;
const STATES = JSON.stringify(callStates);

/** The p-th percentile of sorted run times, linear between the two around it. */
export function percentileOf(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! * (1 - (h - lo)) + sorted[hi]! * (h - lo);
}

function runTimesOf(sorted: Float64Array): RunTimes {
  return sorted.length === 0
    ? { runs: 0, p50: null, p90: null }
    : { runs: sorted.length, p50: percentileOf(sorted, 0.5), p90: percentileOf(sorted, 0.9) };
}

/** Sorted arrays merged into one sorted array, two at a time: cheaper than sorting them again. */
function mergeSorted(arrays: Float64Array[]): Float64Array {
  if (arrays.length === 0) return new Float64Array(0);
  let round = arrays;
  while (round.length > 1) {
    const next: Float64Array[] = [];
    for (let i = 0; i < round.length; i += 2)
      next.push(i + 1 < round.length ? merge(round[i]!, round[i + 1]!) : round[i]!);
    round = next;
  }
  return round[0]!;
}

function merge(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

export function runStatsOf(
  db: DatabaseSync,
  scope: StatsScope,
  since: number,
  until: number,
  points: number,
): RunStats {
  const { where, params } = scopeOf(scope);
  const bounds = dayBounds(since, until);
  const days = JSON.stringify(bounds);
  const counts = db
    .prepare(
      `${DAYS} SELECT d.n AS day, s.state AS state,
         (SELECT count(*) FROM calls c WHERE c.state = s.state AND ${where}) AS n
       FROM d CROSS JOIN s`,
    )
    .all(days, STATES, ...params) as Array<{ day: number; state: (typeof callStates)[number]; n: number }>;
  const runs = db
    .prepare(
      `${DAYS} SELECT d.n AS day, (SELECT group_concat(c.run_ms) FROM calls c
         WHERE c.state IN ('done', 'failed') AND ${where} AND c.run_ms IS NOT NULL) AS ms
       FROM d`,
    )
    .all(days, STATES, ...params) as Array<{ day: number; ms: string | null }>;

  const sortedByDay = runs.map((r) =>
    (r.ms === null ? new Float64Array(0) : Float64Array.from(JSON.parse(`[${r.ms}]`) as number[])).sort(),
  );
  const dayStats: DayStats[] = bounds.map(([start], n) => ({
    start,
    calls: 0,
    states: noStates(),
    runTimes: runTimesOf(sortedByDay[n]!),
  }));
  const states = noStates();
  let calls = 0;
  for (const row of counts) {
    const day = dayStats[row.day]!;
    day.calls += row.n;
    day.states[row.state] += row.n;
    calls += row.n;
    states[row.state] += row.n;
  }
  return {
    robotId: scope.robotId ?? null,
    presetId: scope.presetId ?? null,
    since,
    until,
    calls,
    states,
    runTimes: runTimesOf(mergeSorted(sortedByDay)),
    days: dayStats,
    points: points > 0 ? runPointsOf(db, scope, since, until, points) : [],
  };
}

/** The period's most recent `limit` runs that ran to an end, oldest first. */
function runPointsOf(
  db: DatabaseSync,
  scope: StatsScope,
  since: number,
  until: number,
  limit: number,
): RunPoint[] {
  const { where, params } = scopeOf(scope);
  const rows = db
    .prepare(
      `WITH d(start, end) AS (VALUES (?, ?))
       SELECT c.id AS callId, c.created_at AS at, c.run_ms AS ms, c.state AS state
       FROM d CROSS JOIN calls c WHERE ${where} AND c.run_ms IS NOT NULL
       ORDER BY c.created_at DESC LIMIT ?`,
    )
    .all(since, until, ...params, limit) as RunPoint[];
  return rows.reverse();
}
