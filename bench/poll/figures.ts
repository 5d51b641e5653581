/**
 * The poll benchmark's figures, from what each client saw: queries and
 * detection lag on the main workload against the naive client asking each
 * second (issue 23), the lag's 99th percentile there and on the drift and
 * heavy-tail workloads, and how soon a drifted robot's profile caught up
 * (issue 38).
 */
import { PROFILE_WINDOW } from '../../src/core/tracker/runProfile.ts';
import { learnedTargetsBound } from './bound.ts';
import { figure, type Figure, type Target } from '../support/figures.ts';
import type { ClientResult } from './client.ts';
import { lagFigures, type LagFigures } from './lags.ts';
import { simulateCore, simulateNaive, type Simulated } from './simulate.ts';
import type { Workload } from './workload.ts';

export type Summary = LagFigures & { queries: number; r: ClientResult };

export function summarize(r: ClientResult): Summary {
  return { queries: r.queries, r, ...lagFigures(r.detections) };
}

export type MainRun = { naive1s: Summary; naive5s: Summary; core: Summary; learned: Summary };
export type TailRun = {
  slower: Summary;
  faster: Summary;
  heavyLearned: Summary;
  heavyCore: Summary;
  heavyNaive: Summary;
};

const issue23 = 'issue 23';
const issue38 = 'issue 38';
const atMost = (limit: number, source: string, on: Target['on'] = 'value'): Target => ({
  on,
  op: '<=',
  limit,
  source,
});

/** Workload sizes in words, for the first figure of each. */
export function settingOf(w: Workload): string {
  const drift =
    w.drift === 1 ? '' : `, ${w.drift > 1 ? `${w.drift}× slower` : `${1 / w.drift}× faster`} from halfway`;
  return (
    `${w.calls} calls over ${w.spreadMs / 1000} s, ${w.robots} robots, ` +
    `medians ${w.minMedianMs / 1000}–${w.maxMedianMs / 1000} s, σ ${w.sigma}${drift}`
  );
}

function found(x: Summary, calls: number, naive?: Summary): string {
  const ratio =
    naive === undefined
      ? ''
      : ` (${(x.queries / naive.queries).toFixed(2)}× fetching each second's ${naive.queries})`;
  return (
    `${x.r.detections.length}/${calls} runs seen done; ${x.queries} queries${ratio} (peak ${x.r.peakQueriesPerSecond}/s); ` +
    `lag p50 ${(x.lagP50Ms / 1000).toFixed(2)} s (${x.shareP50.toFixed(1)} % of run), p99 ${(x.lagP99Ms / 1000).toFixed(2)} s (${x.shareP99.toFixed(1)} %); ` +
    `peak sockets ${x.r.peakSockets}; event-loop delay p99 ${x.r.eventLoopP99Ms.toFixed(1)} ms; ` +
    `CPU ${Math.round(x.r.cpuMs)} ms; memory growth ${x.r.memoryGrowthMiB.toFixed(1)} MiB`
  );
}

/**
 * Where the lag went: the same schedule played offline on the same workload
 * (bench/poll/simulate.ts: no network, no CPU, no query slots) against what
 * was measured; what is over it is this machine's (the query's wait for a
 * slot, its round trip and the event loop).
 */
function scheduleAlone(sim: Simulated): string {
  return (
    `the schedule alone (bench/poll/simulate.ts, no network or CPU): lag p99 ${(sim.lagP99Ms / 1000).toFixed(2)} s ` +
    `(${sim.shareP99.toFixed(1)} %), p50 ${(sim.lagP50Ms / 1000).toFixed(2)} s, ${sim.queries} queries; ` +
    `what is over it is this machine's: waits for a query slot, round trips and timers late on a busy CPU`
  );
}

/** The lag's 99th percentile in seconds and as a share of the run, against their targets. */
function tailFigures(
  name: string,
  x: Summary,
  limits: { seconds: number; share: number },
  baseline?: Summary,
  foundText = '',
): Figure[] {
  return [
    figure({
      name: `poll: lag p99, ${name}`,
      value: x.lagP99Ms / 1000,
      unit: 's',
      ...(baseline === undefined
        ? {}
        : { baseline: { name: 'fetch every 1 s', value: baseline.lagP99Ms / 1000, unit: 's' } }),
      target: atMost(limits.seconds, issue38),
      found: foundText,
    }),
    figure({
      name: `poll: lag p99 as share of run time, ${name}`,
      value: x.shareP99,
      unit: '%',
      ...(baseline === undefined
        ? {}
        : { baseline: { name: 'fetch every 1 s', value: baseline.shareP99, unit: '%' } }),
      target: atMost(limits.share, issue38),
    }),
  ];
}

/** After how many runs at the new speed every robot's profile had caught up; null when one had not by the end. */
function catchUpFigure(name: string, x: Summary): Figure {
  const perRobot = x.r.catchUp;
  const late = perRobot.flatMap((after, r) => (after === null ? [r] : []));
  return figure({
    name: `poll: runs at the new speed until the profile caught up, ${name}`,
    value: late.length > 0 || perRobot.length === 0 ? null : Math.max(...(perRobot as number[])),
    unit: 'runs',
    target: atMost(PROFILE_WINDOW, issue38),
    found:
      `per robot: ${perRobot.map((after) => after ?? 'not within the run').join(', ')} ` +
      `(caught up: the middle of its usual run within 25 % of the new median)`,
  });
}

const LEARNED = { seconds: 2, share: 25 };
const NO_PROFILE = { seconds: 3, share: 50 };

export function pollFigures(
  main: MainRun,
  mainWorkload: Workload,
  tails: TailRun,
  tailWorkloads: { slower: Workload; faster: Workload; heavy: Workload },
  started: { at: string; load: number[] },
): Figure[] {
  const naive = main.naive1s;
  const naiveQueries = { name: 'fetch every 1 s', value: naive.queries, unit: 'queries' };
  const calls = mainWorkload.calls;
  return [
    figure({
      name: `poll: status queries, fetch every 1 s (${settingOf(mainWorkload)})`,
      value: naive.queries,
      unit: 'queries',
      found: `${found(naive, calls)}; on no machine at all (bench/poll/simulate.ts) its lag p99 is ${(simulateNaive(mainWorkload, 1_000).lagP99Ms / 1000).toFixed(2)} s; this benchmark started ${started.at.slice(0, 16).replace('T', ' ')} UTC, load average ${started.load.join(' / ')}`,
    }),
    figure({
      name: 'poll: status queries, fetch every 5 s',
      value: main.naive5s.queries,
      unit: 'queries',
      baseline: naiveQueries,
      found: found(main.naive5s, calls),
    }),
    figure({
      name: 'poll: status queries, Robot Tray with learned profiles',
      value: main.learned.queries,
      unit: 'queries',
      baseline: naiveQueries,
      target: atMost(0.3, issue23, 'ratio'),
      found:
        `${found(main.learned, calls)}; no schedule meeting the lag targets below sends fewer than ` +
        `${learnedTargetsBound(mainWorkload).bound.toFixed(3)}× on this workload, even knowing each robot's run times (bench/poll/bound.ts)`,
    }),
    figure({
      name: 'poll: median detection lag, Robot Tray with learned profiles',
      value: main.learned.lagP50Ms / 1000,
      unit: 's',
      baseline: { name: 'fetch every 1 s', value: naive.lagP50Ms / 1000, unit: 's' },
      target: atMost(0.5, issue23),
    }),
    ...tailFigures(
      'Robot Tray with learned profiles',
      main.learned,
      LEARNED,
      naive,
      scheduleAlone(simulateCore(mainWorkload, true)),
    ),
    figure({
      name: 'poll: status queries, Robot Tray without profiles',
      value: main.core.queries,
      unit: 'queries',
      baseline: naiveQueries,
      target: atMost(0.5, issue23, 'ratio'),
      found: found(main.core, calls),
    }),
    figure({
      name: 'poll: median detection lag as share of run time, Robot Tray without profiles',
      value: main.core.shareP50,
      unit: '%',
      baseline: { name: 'fetch every 1 s', value: naive.shareP50, unit: '%' },
      target: atMost(10, issue23),
    }),
    ...tailFigures(
      'Robot Tray without profiles',
      main.core,
      NO_PROFILE,
      naive,
      scheduleAlone(simulateCore(mainWorkload, false)),
    ),
    ...(['learned', 'core'] as const).map((kind) =>
      figure({
        name: `poll: event-loop delay p99, Robot Tray ${kind === 'learned' ? 'with learned profiles' : 'without profiles'}`,
        value: main[kind].r.eventLoopP99Ms,
        unit: 'ms',
        baseline: { name: 'fetch every 1 s', value: naive.r.eventLoopP99Ms, unit: 'ms' },
        target: atMost(20, issue23),
      }),
    ),
    ...(['slower', 'faster'] as const).flatMap((drift) => {
      const w = tailWorkloads[drift];
      const name = `robots ${drift} from halfway, learned profiles (${settingOf(w)})`;
      return [
        ...tailFigures(
          name,
          tails[drift],
          LEARNED,
          undefined,
          `${found(tails[drift], w.calls)}; ${scheduleAlone(simulateCore(w, true))}`,
        ),
        catchUpFigure(`robots ${drift} from halfway`, tails[drift]),
      ];
    }),
    ...tailFigures(
      `heavy tail, learned profiles (${settingOf(tailWorkloads.heavy)})`,
      tails.heavyLearned,
      LEARNED,
      tails.heavyNaive,
      `${found(tails.heavyLearned, tailWorkloads.heavy.calls, tails.heavyNaive)}; ${scheduleAlone(simulateCore(tailWorkloads.heavy, true))}`,
    ),
    ...tailFigures(
      'heavy tail, without profiles',
      tails.heavyCore,
      NO_PROFILE,
      tails.heavyNaive,
      `${found(tails.heavyCore, tailWorkloads.heavy.calls, tails.heavyNaive)}; ${scheduleAlone(simulateCore(tailWorkloads.heavy, false))}`,
    ),
  ];
}
