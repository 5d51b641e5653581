import { z } from 'zod';
import { CallState, callStates } from './call.ts';

/**
 * How a robot (or one of its presets) has run over a period: how many calls
 * it had, how each ended, how long its runs took (accepted to finished, for
 * the calls that ran to an end: done or failed) and the same by local day.
 * Percentiles are linear between the two runs around them, as the learned
 * run-time profiles read theirs.
 */

export { MAX_RUN_POINTS, MAX_STATS_DAYS } from '../limits.ts';
import { MAX_RUN_POINTS, MAX_STATS_DAYS } from '../limits.ts';

const Id = z.string().min(1).max(200);
const Time = z.number().int().min(0).max(8.64e15);

export const RunStatsQuery = z
  .object({
    robotId: Id.optional(),
    presetId: Id.optional(),
    /** The period, [since, until) in ms since the epoch; until defaults to now. */
    since: Time,
    until: Time.optional(),
    /** How many of the period's most recent runs to hand back one by one (for a chart); 0 by default. */
    points: z.number().int().min(0).max(MAX_RUN_POINTS).optional(),
  })
  .strict();
export type RunStatsQuery = z.input<typeof RunStatsQuery>;

/** How many calls ended in each state (states no call reached are 0). */
export const StateCounts = z.record(CallState, z.number().int().min(0));
export type StateCounts = Record<CallState, number>;

/** Run times of the runs that ran to an end: how many, and their 50th and 90th percentiles (null: none). */
export const RunTimes = z.object({
  runs: z.number().int().min(0),
  p50: z.number().min(0).nullable(),
  p90: z.number().min(0).nullable(),
});
export type RunTimes = z.infer<typeof RunTimes>;

export const DayStats = z.object({
  /** The day's local midnight (or the period's start, for its first day). */
  start: Time,
  calls: z.number().int().min(0),
  states: StateCounts,
  runTimes: RunTimes,
});
export type DayStats = z.infer<typeof DayStats>;

/** One run that ran to an end, for the chart: its call, when it was made, how long it ran, how it ended. */
export const RunPoint = z.object({
  callId: z.string().min(1),
  at: Time,
  ms: z.number().min(0),
  state: CallState,
});
export type RunPoint = z.infer<typeof RunPoint>;

export const RunStats = z.object({
  robotId: z.string().nullable(),
  presetId: z.string().nullable(),
  since: Time,
  until: Time,
  calls: z.number().int().min(0),
  states: StateCounts,
  runTimes: RunTimes,
  days: z.array(DayStats).max(MAX_STATS_DAYS + 1),
  /** The period's most recent runs, oldest first (as many as the query asked for). */
  points: z.array(RunPoint).max(MAX_RUN_POINTS),
});
export type RunStats = z.infer<typeof RunStats>;

export function noStates(): StateCounts {
  return Object.fromEntries(callStates.map((s) => [s, 0])) as StateCounts;
}

/** The outcomes statistics name one by one; every other state counts as "other". */
export const namedOutcomes = ['done', 'failed', 'unknown', 'expired', 'stopped'] as const;

/** A share of the calls, in whole percent ("12%"), or "–" for no calls. */
export function shareText(count: number, calls: number): string {
  return calls === 0 ? '–' : `${Math.round((count / calls) * 100).toString()}%`;
}

/** The share of calls that are none of the named outcomes (still running, rejected, unreachable, …). */
export function otherCount(states: StateCounts): number {
  let named = 0;
  for (const s of namedOutcomes) named += states[s];
  return Object.values(states).reduce((a, b) => a + b, 0) - named;
}

/** A run time for people: "850 ms", "12.5 s", "3.2 min"; "–" for none. */
export function durationText(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1_000) return `${Math.round(ms).toString()} ms`;
  if (ms < 120_000) return `${(Math.round(ms / 100) / 10).toString()} s`;
  return `${(Math.round(ms / 6_000) / 10).toString()} min`;
}

/** Beside a preset in the tray: how long its calls usually run (null: too few runs yet), how its last call ended. */
export type PresetRunNote = { usual: string | null; last: { state: CallState; at: number } | null };

/** "just now", "12 min ago", "2 h ago", "3 d ago". */
export function agoText(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min.toString()} min ago`;
  if (min < 48 * 60) return `${Math.floor(min / 60).toString()} h ago`;
  return `${Math.floor(min / (24 * 60)).toString()} d ago`;
}

/** "usually done in 30–45 s · last done 2 h ago", or null when there is nothing to say. */
export function presetNoteText(note: PresetRunNote, now: number): string | null {
  const parts: string[] = [];
  if (note.usual !== null) parts.push(note.usual);
  if (note.last !== null) parts.push(`last ${note.last.state} ${agoText(Math.max(0, now - note.last.at))}`);
  return parts.length === 0 ? null : parts.join(' · ');
}
