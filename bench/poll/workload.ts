/**
 * The calls every client of the poll benchmark meets, the same for each:
 * robots whose run times are log-normal (σ 0.3, or 1.0 for a heavy tail)
 * around medians spread evenly in log time from the shortest to the
 * longest, capped; calls arriving at seeded random times over a window, one
 * robot after another. In a drift workload the robots run `drift` times as
 * long from halfway through the window (the sandbox has a second robot of
 * each at that speed, and clients switch to its token). Pure: the sandbox
 * config and the schedule follow from the numbers given.
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
  /** Calls fired from halfway through the window run this many times as long (1: no drift). */
  drift: number;
};

/** One run as a client saw it: how long after it ended the client noticed, and how long it ran. */
export type Detection = { lagMs: number; runMs: number };

/** The name under which the sandbox reports a run's time in its answer. */
export const WAITED_KEY = 'ranMs';

export const robotName = (r: number) => `robot-${String(r).padStart(2, '0')}`;
// The core refuses tokens shorter than 16 characters, as the service's are.
export const tokenOf = (r: number, drifted = false) =>
  `bench-poll-token-${String(r).padStart(2, '0')}${drifted ? '-drifted' : ''}`;

/** Robot r's median run time: evenly spaced in log time from the shortest to the longest. */
export function medianOf(w: Workload, r: number): number {
  if (w.robots === 1) return w.minMedianMs;
  return Math.round(w.minMedianMs * (w.maxMedianMs / w.minMedianMs) ** (r / (w.robots - 1)));
}

/** Robot r's median run time for a call fired at `at` (ms from the start): `drift` times it from halfway. */
export function medianAt(w: Workload, r: number, at: number): number {
  return isDrifted(w, at) ? Math.max(1, Math.round(medianOf(w, r) * w.drift)) : medianOf(w, r);
}

/** Whether a call fired at `at` meets the drifted robots. */
export const isDrifted = (w: Workload, at: number) => w.drift !== 1 && at >= w.spreadMs / 2;

export function sandboxConfig(w: Workload): SandboxConfig {
  const robot = (r: number, drifted: boolean) => ({
    name: `${robotName(r)}${drifted ? '-drifted' : ''}`,
    token: tokenOf(r, drifted),
    flow: [
      {
        type: 'waitLogNormal' as const,
        medianMs: medianAt(w, r, drifted ? w.spreadMs : 0),
        sigma: w.sigma,
        maxMs: w.capMs,
      },
      { type: 'respond' as const, echo: true, waitedKey: WAITED_KEY },
    ],
  });
  const robots = Array.from({ length: w.robots }, (_, r) => robot(r, false));
  const drifted = w.drift === 1 ? [] : Array.from({ length: w.robots }, (_, r) => robot(r, true));
  return { seed: w.seed, robots: [...robots, ...drifted] };
}

/** When each call is fired (ms from the start, ascending), which robot it goes to, and whether that robot has drifted by then. */
export function schedule(w: Workload): Array<{ at: number; robot: number; drifted: boolean }> {
  const random = seededRandom(w.seed + 1);
  const times = Array.from({ length: w.calls }, () => Math.floor(random() * w.spreadMs)).sort(
    (a, b) => a - b,
  );
  return times.map((at, i) => ({ at, robot: i % w.robots, drifted: isDrifted(w, at) }));
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
        drift: 1,
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
        drift: 1,
      };
}

/**
 * The workloads the tail is also held on: robots that got three times slower,
 * or faster, halfway through (fewer robots with more calls each, so more
 * runs at the new speed finish than the profile's window holds), and
 * robots whose run times have a heavy tail (σ 1.0).
 */
export function tailWorkloads(short: boolean): { slower: Workload; faster: Workload; heavy: Workload } {
  const base = benchWorkload(short);
  const drifting: Workload = short
    ? { ...base, robots: 2, calls: 60 }
    : { ...base, robots: 4, calls: 2_400, maxMedianMs: 20_000 };
  return {
    slower: { ...drifting, drift: 3 },
    faster: { ...drifting, drift: 1 / 3 },
    heavy: { ...base, sigma: 1 },
  };
}
