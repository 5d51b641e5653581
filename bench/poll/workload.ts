/**
 * The calls every client of the poll benchmark meets, the same for each:
 * robots whose run times are log-normal (σ 0.3) around medians spread
 * evenly in log time from the shortest to the longest, capped; calls
 * arriving at seeded random times over a window, one robot after another.
 * Pure: the sandbox config and the schedule follow from the numbers given.
 */
import type { SandboxConfig } from '../../src/sandbox/index.ts';
import { logNormal, seededRandom } from '../../src/sandbox/random.ts';

export type Workload = {
  calls: number;
  robots: number;
  /** Calls arrive over this long. */
  spreadMs: number;
  minMedianMs: number;
  maxMedianMs: number;
  capMs: number;
  sigma: number;
  /** Finished runs per robot in the history of the client that learns. */
  pastRuns: number;
  seed: number;
};

/** One run as a client saw it: how long after it ended the client noticed, and how long it ran. */
export type Detection = { lagMs: number; runMs: number };

/** The name under which the sandbox reports a run's time in its answer. */
export const WAITED_KEY = 'ranMs';

export const robotName = (r: number) => `robot-${String(r).padStart(2, '0')}`;
// The core refuses tokens shorter than 16 characters, as the service's are.
export const tokenOf = (r: number) => `bench-poll-token-${String(r).padStart(2, '0')}`;

/** Robot r's median run time: evenly spaced in log time from the shortest to the longest. */
export function medianOf(w: Workload, r: number): number {
  if (w.robots === 1) return w.minMedianMs;
  return Math.round(w.minMedianMs * (w.maxMedianMs / w.minMedianMs) ** (r / (w.robots - 1)));
}

export function sandboxConfig(w: Workload): SandboxConfig {
  return {
    seed: w.seed,
    robots: Array.from({ length: w.robots }, (_, r) => ({
      name: robotName(r),
      token: tokenOf(r),
      flow: [
        { type: 'waitLogNormal' as const, medianMs: medianOf(w, r), sigma: w.sigma, maxMs: w.capMs },
        { type: 'respond' as const, echo: true, waitedKey: WAITED_KEY },
      ],
    })),
  };
}

/** When each call is fired (ms from the start, ascending) and which robot it goes to. */
export function schedule(w: Workload): Array<{ at: number; robot: number }> {
  const random = seededRandom(w.seed + 1);
  const times = Array.from({ length: w.calls }, () => Math.floor(random() * w.spreadMs)).sort(
    (a, b) => a - b,
  );
  return times.map((at, i) => ({ at, robot: i % w.robots }));
}

/** Past run times of robot r, drawn from its distribution: what the learning client's history holds. */
export function pastRuns(w: Workload, r: number): number[] {
  const random = seededRandom(w.seed + 1_000 + r);
  return Array.from({ length: w.pastRuns }, () =>
    Math.min(w.capMs, Math.round(logNormal(random, medianOf(w, r), w.sigma))),
  );
}

/** The poll benchmark's workload (bench/poll-learning.ts and its simulation), full or short. */
export function benchWorkload(short: boolean): Workload {
  return short
    ? {
        calls: 40,
        robots: 4,
        spreadMs: 2_000,
        minMedianMs: 200,
        maxMedianMs: 1_000,
        capMs: 3_000,
        sigma: 0.3,
        pastRuns: 20,
        seed: 23,
      }
    : {
        calls: 2_000,
        robots: 20,
        spreadMs: 60_000,
        minMedianMs: 2_000,
        maxMedianMs: 40_000,
        capMs: 120_000,
        sigma: 0.3,
        pastRuns: 50,
        seed: 23,
      };
}
