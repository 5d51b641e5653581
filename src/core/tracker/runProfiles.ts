import type { UsualRun } from '../../shared/models/usualRun.ts';
import { EARLY_WINDOW, endedByFirstQuery } from './learnedSchedule.ts';
import {
  lowerBound,
  PROFILE_WINDOW,
  profileOfSorted,
  quantile,
  type RunProfile,
  usualRun,
} from './runProfile.ts';

/** Presets and robots whose recent runs are kept; the least recently finished is let go past it. */
export const PROFILE_MAX_KEYS = 500;

/**
 * What a run seen done at the first query its profile planned is learned
 * as: it ended at some unknown time before that query. Learned as seen, a
 * robot whose runs all take about as long would ratchet: that query comes a
 * bounded gap past where its runs begin to end, so above most of them, and
 * each run learned there moves the next first query later still (a robot
 * that always takes 3 s was first asked at 14 s after 2,000 runs). So it is
 * learned no later than the profile's median: a robot that got slower ends
 * after that query and is learned as seen, one that did not leaves the
 * profile where it was.
 */
export function censoredRunMs(profile: RunProfile, seenMs: number): number {
  return Math.min(seenMs, quantile(profile, 0.5));
}

/** The parts of a call its profile is found by. */
export type ProfiledCall = { robotId: string; presetId: string | null };

/** One finished run: the call, and how long it ran (ms, accepted to finished). */
export type FinishedRun = ProfiledCall & { callId: string; ms: number };

/**
 * One key's window: run times in the order they finished (a ring, `next` the
 * oldest once full), the same times sorted, and the profile made of them
 * (null: not made since the last run came).
 */
type Runs = {
  ids: string[];
  known: Set<string>;
  ms: number[];
  sorted: number[];
  next: number;
  profile: RunProfile | undefined | null;
  /** For the last EARLY_WINDOW runs, whether each had ended by the first query its profile made. */
  early: boolean[];
};

/** A call's runs are learned under its preset and its robot: a preset's own when it has enough, else its robot's. */
export function profileKeys(call: ProfiledCall): string[] {
  return call.presetId === null
    ? [`robot:${call.robotId}`]
    : [`preset:${call.presetId}`, `robot:${call.robotId}`];
}

/**
 * The recent run times of every preset and robot, learned from finished
 * calls (from the history at start, then as calls finish here or in another
 * process), in bounded memory: PROFILE_WINDOW runs per key, PROFILE_MAX_KEYS
 * keys. A run already counted (the same call seen twice) is not counted again.
 */
export class RunProfiles {
  readonly #runs = new Map<string, Runs>();

  add(run: FinishedRun): void {
    if (!Number.isFinite(run.ms) || run.ms < 0) return;
    for (const key of profileKeys(run)) this.#addTo(key, run.callId, run.ms);
  }

  #addTo(key: string, callId: string, ms: number): void {
    let runs = this.#runs.get(key);
    if (runs !== undefined && runs.known.has(callId)) return;
    runs ??= { ids: [], known: new Set(), ms: [], sorted: [], next: 0, profile: null, early: [] };
    const before = this.#profileOf(runs);
    const early = before !== undefined && endedByFirstQuery(before, ms);
    runs.early.push(early);
    if (runs.early.length > EARLY_WINDOW) runs.early.shift();
    // A run seen done at its first query ended at some time before it, not at it.
    if (early) ms = censoredRunMs(before, ms);
    // Most recently finished last, so the first key is the one to let go.
    this.#runs.delete(key);
    this.#runs.set(key, runs);
    if (this.#runs.size > PROFILE_MAX_KEYS) this.#runs.delete(this.#runs.keys().next().value!);
    if (runs.ids.length < PROFILE_WINDOW) {
      runs.ids.push(callId);
      runs.ms.push(ms);
    } else {
      const slot = runs.next;
      runs.known.delete(runs.ids[slot]!);
      runs.sorted.splice(lowerBound(runs.sorted, runs.ms[slot]!), 1);
      runs.ids[slot] = callId;
      runs.ms[slot] = ms;
      runs.next = (slot + 1) % PROFILE_WINDOW;
    }
    runs.known.add(callId);
    runs.sorted.splice(lowerBound(runs.sorted, ms), 0, ms);
    runs.profile = null;
  }

  /** The profile a call is scheduled by, or undefined while neither its preset nor its robot has enough runs. */
  profileFor(call: ProfiledCall): RunProfile | undefined {
    for (const key of profileKeys(call)) {
      const runs = this.#runs.get(key);
      const profile = runs === undefined ? undefined : this.#profileOf(runs);
      if (profile !== undefined) return profile;
    }
    return undefined;
  }

  #profileOf(runs: Runs): RunProfile | undefined {
    if (runs.profile !== null) return runs.profile;
    const profile = profileOfSorted(runs.sorted);
    const endedEarly = runs.early.filter(Boolean).length;
    runs.profile = profile === undefined || endedEarly === 0 ? profile : { ...profile, endedEarly };
    return runs.profile;
  }

  usualFor(call: ProfiledCall): UsualRun | undefined {
    const profile = this.profileFor(call);
    return profile === undefined ? undefined : usualRun(profile);
  }

  /** Runs kept for a key, for tests of the bound. */
  keptRuns(key: string): number {
    return this.#runs.get(key)?.ms.length ?? 0;
  }

  get keys(): number {
    return this.#runs.size;
  }
}
