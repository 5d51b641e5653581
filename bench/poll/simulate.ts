/**
 * The poll benchmark's workloads played offline, in a moment: each call's
 * run time drawn as the sandbox draws it, its queries placed by the core's
 * schedule (nextQueryDelay) until one finds it done, and each run learned as
 * it is seen done, as the core learns it. Counts queries and detection lags
 * the way `npm run bench:poll` does, with none of its network, timers or
 * processes, so a schedule can be tuned in seconds. It leaves out the
 * per-service rate and the queue (the bench lifts the one, and the other
 * rarely holds a query back at these rates), so expect the real run within a
 * few percent of it.
 *
 *   node bench/poll/simulate.ts [--short]
 */
import { parseArgs } from 'node:util';
import { firstMovedSooner, firstQueryAt, nextQueryDelay } from '../../src/core/tracker/learnedSchedule.ts';
import type { RunProfile } from '../../src/core/tracker/runProfile.ts';
import { RunProfiles } from '../../src/core/tracker/runProfiles.ts';
import { logNormal, seededRandom } from '../../src/sandbox/random.ts';
import { defaultPollPolicy, type PollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { lagFigures, type LagFigures } from './lags.ts';
import { benchWorkload, medianAt, pastRuns, schedule, tailWorkloads, type Workload } from './workload.ts';

/** What one client would see: its queries and each run's detection lag. */
export type Simulated = LagFigures & { queries: number; lagsMs: number[] };

/** A round trip to the sandbox on loopback, added to each detection. */
const ROUND_TRIP_MS = 3;

/** Every call in the workload with its run time, as the sandbox's seeded draws would give them (its order aside). */
function runTimes(w: Workload): Array<{ at: number; robot: number; runMs: number }> {
  const random = seededRandom(w.seed + 7);
  return schedule(w).map(({ at, robot }) => ({
    at,
    robot,
    runMs: Math.min(w.capMs, logNormal(random, medianAt(w, robot, at), w.sigma)),
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

const firstAt = (p: RunProfile | undefined) => (p === undefined ? Infinity : firstQueryAt(p));

/** A min-heap of calls fired and queries due, by time: they interleave, so each sees what was learned before it. */
type Due = { at: number; call: number; fired: boolean; plan?: number };
class Pending {
  readonly #items: Due[] = [];
  get size(): number {
    return this.#items.length;
  }
  push(item: Due): void {
    const items = this.#items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= items[i]!.at) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }
  pop(): Due {
    const items = this.#items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let least = i;
        if (l < items.length && items[l]!.at < items[least]!.at) least = l;
        if (r < items.length && items[r]!.at < items[least]!.at) least = r;
        if (least === i) break;
        [items[least], items[i]] = [items[i]!, items[least]!];
        i = least;
      }
    }
    return top;
  }
}

/**
 * Queries sent and lags seen by the core's schedule: learning (from the
 * workload's past runs, then from each run as it is seen done, as the core
 * does) or not at all.
 */
export function simulateCore(
  w: Workload,
  learn: boolean,
  policy: PollPolicy = defaultPollPolicy,
  seed = 5,
  delay: typeof nextQueryDelay = nextQueryDelay,
  learnedMs: (seenMs: number, previousMs: number) => number = (seenMs) => seenMs,
): Simulated {
  const random = seededRandom(seed);
  const profiles = new RunProfiles();
  const robotId = (r: number) => `robot-${r}`;
  if (learn)
    for (let r = 0; r < w.robots; r++)
      pastRuns(w, r).forEach((ms, i) =>
        profiles.add({ callId: `past-${r}-${i}`, robotId: robotId(r), presetId: null, ms }),
      );
  const calls = runTimes(w).map((c) => ({
    ...c,
    queries: 0,
    lagMs: 0,
    previous: c.at,
    plan: 0,
    nextAt: 0,
    done: false,
  }));
  const pending = new Pending();
  const next = (call: number, now: number, sooner = false) => {
    const c = calls[call]!;
    const profile = learn ? profiles.profileFor({ robotId: robotId(c.robot), presetId: null }) : undefined;
    const wait = delay({
      pollCount: c.queries,
      elapsedMs: now - c.at,
      profile,
      policy,
      explicit: false,
      random,
    });
    if (sooner && now + wait >= c.nextAt) return;
    c.plan++;
    c.nextAt = now + wait;
    pending.push({ at: now + wait, call, fired: false, plan: c.plan });
  };
  /** As the tracker does when a robot's first query moves sooner: its calls yet to be asked are planned again. */
  const replan = (robot: number, now: number) => {
    calls.forEach((c, i) => {
      if (c.robot === robot && !c.done && c.queries === 0 && c.at <= now) next(i, now, true);
    });
  };
  // Each call's first wait is decided as it is fired, on what was learned by then.
  calls.forEach((c, i) => pending.push({ at: c.at, call: i, fired: true }));
  while (pending.size > 0) {
    const { at, call, fired, plan } = pending.pop();
    const c = calls[call]!;
    if (!fired && plan !== c.plan) continue;
    if (fired) {
      next(call, at);
      continue;
    }
    c.queries++;
    if (at - c.at >= c.runMs || at - c.at >= policy.watchDeadlineMs) {
      c.lagMs = at - c.at - c.runMs + ROUND_TRIP_MS;
      // As the core learns it: from acceptance to the answer that ended the run.
      c.done = true;
      if (learn) {
        const key = { robotId: robotId(c.robot), presetId: null };
        const firstBefore = firstAt(profiles.profileFor(key));
        profiles.add({ callId: `call-${call}`, ...key, ms: learnedMs(at - c.at, c.previous - c.at) });
        if (firstMovedSooner(firstBefore, firstAt(profiles.profileFor(key)))) replan(c.robot, at);
      }
    } else {
      c.previous = at;
      next(call, at);
    }
  }
  return summarize(calls);
}

function summarize(calls: Array<{ queries: number; lagMs: number; runMs: number }>): Simulated {
  return {
    queries: calls.reduce((sum, c) => sum + c.queries, 0),
    lagsMs: calls.map((c) => c.lagMs),
    ...lagFigures(calls),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
  const line = (name: string, s: Simulated, naive: Simulated) =>
    console.log(
      `${name.padEnd(16)} queries ${String(s.queries).padStart(6)} (${(s.queries / naive.queries).toFixed(3)}×)  ` +
        `lag p50 ${(s.lagP50Ms / 1000).toFixed(2)} s  p99 ${(s.lagP99Ms / 1000).toFixed(2)} s  ` +
        `share p50 ${s.shareP50.toFixed(1)} %  p99 ${s.shareP99.toFixed(1)} %`,
    );
  const w = benchWorkload(values.short);
  const naive = simulateNaive(w, 1_000);
  line('naive-1s', naive, naive);
  line('naive-5s', simulateNaive(w, 5_000), naive);
  line('core', simulateCore(w, false), naive);
  line('learned', simulateCore(w, true), naive);
  for (const [name, tail] of Object.entries(tailWorkloads(values.short))) {
    const baseline = simulateNaive(tail, 1_000);
    line(`${name} naive-1s`, baseline, baseline);
    line(`${name} core`, simulateCore(tail, false), baseline);
    line(`${name} learned`, simulateCore(tail, true), baseline);
  }
}
