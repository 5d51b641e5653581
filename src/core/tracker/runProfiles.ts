import type { UsualRun } from '../../shared/models/usualRun.ts';
import { PROFILE_WINDOW, type RunProfile, runProfile, usualRun } from './runProfile.ts';

/** Presets and robots whose recent runs are kept; the least recently finished is let go past it. */
export const PROFILE_MAX_KEYS = 500;

/** The parts of a call its profile is found by. */
export type ProfiledCall = { robotId: string; presetId: string | null };

/** One finished run: the call, and how long it ran (ms, accepted to finished). */
export type FinishedRun = ProfiledCall & { callId: string; ms: number };

type Runs = { ids: string[]; ms: number[]; next: number; profile: RunProfile | undefined | null };

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
    if (runs !== undefined && runs.ids.includes(callId)) return;
    if (runs === undefined) runs = { ids: [], ms: [], next: 0, profile: null };
    // Most recently finished last, so the first key is the one to let go.
    this.#runs.delete(key);
    this.#runs.set(key, runs);
    if (this.#runs.size > PROFILE_MAX_KEYS) this.#runs.delete(this.#runs.keys().next().value!);
    if (runs.ids.length < PROFILE_WINDOW) {
      runs.ids.push(callId);
      runs.ms.push(ms);
    } else {
      runs.ids[runs.next] = callId;
      runs.ms[runs.next] = ms;
      runs.next = (runs.next + 1) % PROFILE_WINDOW;
    }
    runs.profile = null;
  }

  /** The profile a call is scheduled by, or undefined while neither its preset nor its robot has enough runs. */
  profileFor(call: ProfiledCall): RunProfile | undefined {
    for (const key of profileKeys(call)) {
      const runs = this.#runs.get(key);
      if (runs === undefined) continue;
      if (runs.profile === null) runs.profile = runProfile(runs.ms);
      if (runs.profile !== undefined) return runs.profile;
    }
    return undefined;
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
