/**
 * The poll benchmark's workload played offline, in a moment: each call's run
 * time drawn as the sandbox draws it, its queries placed by the core's
 * schedule (nextQueryDelay) until one finds it done. Counts queries and
 * detection lags the way `npm run bench:poll` does, with none of its network,
 * timers or processes, so a schedule can be tuned in seconds. It leaves out
 * the per-service rate and the queue (the bench lifts the one, and the other
 * rarely holds a query back at these rates), so expect the real run within a
 * few percent of it.
 *
 *   node bench/poll/simulate.ts [--short]
 */
import { parseArgs } from 'node:util';
import { logNormal, seededRandom } from '../../src/sandbox/random.ts';
import { nextQueryDelay } from '../../src/core/tracker/learnedSchedule.ts';
import { type RunProfile, runProfile } from '../../src/core/tracker/runProfile.ts';
import { defaultPollPolicy, type PollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { benchWorkload, medianOf, pastRuns, schedule, type Workload } from './workload.ts';

/** What one client would see: its queries and each run's detection lag. */
export type Simulated = { queries: number; lagP50Ms: number; shareP50: number; lagsMs: number[] };

/** A round trip to the sandbox on loopback, added to each detection. */
const ROUND_TRIP_MS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Run times of every call in the workload, as the sandbox's seeded draws would give them (its order aside). */
function runTimes(w: Workload): Array<{ robot: number; runMs: number }> {
  const random = seededRandom(w.seed + 7);
  return schedule(w).map(({ robot }) => ({
    robot,
    runMs: Math.min(w.capMs, logNormal(random, medianOf(w, robot), w.sigma)),
  }));
}

/** Queries sent and lags seen by a client asking each call every `everyMs`. */
export function simulateNaive(w: Workload, everyMs: number): Simulated {
  return summarize(
    runTimes(w).map(({ runMs }) => {
      const queries = Math.max(1, Math.ceil(runMs / everyMs));
      return { queries, lagMs: queries * everyMs - runMs + ROUND_TRIP_MS, runMs };
    }),
  );
}

/** Queries sent and lags seen by the core's schedule, with profiles learned from the workload's past runs or none. */
export function simulateCore(
  w: Workload,
  learn: boolean,
  policy: PollPolicy = defaultPollPolicy,
  seed = 5,
  delay: typeof nextQueryDelay = nextQueryDelay,
): Simulated {
  const random = seededRandom(seed);
  const profiles: Array<RunProfile | undefined> = Array.from({ length: w.robots }, (_, r) =>
    learn ? runProfile(pastRuns(w, r)) : undefined,
  );
  return summarize(
    runTimes(w).map(({ robot, runMs }) => {
      let at = 0;
      let queries = 0;
      while (at < runMs && at < policy.watchDeadlineMs) {
        at += delay({
          pollCount: queries,
          elapsedMs: at,
          profile: profiles[robot],
          policy,
          explicit: false,
          random,
        });
        queries++;
      }
      return { queries, lagMs: at - runMs + ROUND_TRIP_MS, runMs };
    }),
  );
}

function summarize(calls: Array<{ queries: number; lagMs: number; runMs: number }>): Simulated {
  const lagsMs = calls.map((c) => c.lagMs);
  return {
    queries: calls.reduce((sum, c) => sum + c.queries, 0),
    lagP50Ms: median(lagsMs),
    shareP50: median(calls.map((c) => (100 * c.lagMs) / Math.max(1, c.runMs))),
    lagsMs,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
  const w = benchWorkload(values.short);
  const naive = simulateNaive(w, 1_000);
  const line = (name: string, s: Simulated) =>
    console.log(
      `${name.padEnd(10)} queries ${String(s.queries).padStart(6)} (${(s.queries / naive.queries).toFixed(3)}×)  ` +
        `lag p50 ${(s.lagP50Ms / 1000).toFixed(3)} s  share p50 ${s.shareP50.toFixed(1)} %`,
    );
  line('naive-1s', naive);
  line('naive-5s', simulateNaive(w, 5_000));
  line('core', simulateCore(w, false));
  line('learned', simulateCore(w, true));
}
