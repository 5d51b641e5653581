import { describe, expect, test } from 'vitest';
import { simulateCore, simulateNaive } from '../../bench/poll/simulate.ts';
import { benchWorkload, tailWorkloads } from '../../bench/poll/workload.ts';

/**
 * The poll benchmark's workloads played offline through the core's schedule,
 * learning as the core learns: counts of queries and lags, no clock. The full
 * `npm run bench:poll` measures the same over the network (its targets and
 * what it met are in bench/results.json); this keeps the schedule from
 * drifting off its figures unnoticed.
 */
describe('the schedule on the poll benchmark workloads, simulated', () => {
  const workload = benchWorkload(false);
  const naive = simulateNaive(workload, 1_000);
  const tails = tailWorkloads(false);

  test('with learned profiles: 99 % of runs seen within 2 s and within a quarter of their time, half within half a second', () => {
    const learned = simulateCore(workload, true);
    expect(learned.lagsMs).toHaveLength(workload.calls);
    expect(learned.lagP99Ms).toBeLessThanOrEqual(2_000);
    expect(learned.shareP99).toBeLessThanOrEqual(25);
    expect(learned.lagP50Ms).toBeLessThanOrEqual(500);
    // Issue 23 asks for 0.3× the queries; with this tail no schedule gets there (docs/POLLING.md): 0.49× today.
    expect(learned.queries / naive.queries).toBeLessThanOrEqual(0.5);
  });

  test('without profiles: 99 % of runs seen within 3 s and within half their time, half within a tenth', () => {
    const fallback = simulateCore(workload, false);
    expect(fallback.lagsMs).toHaveLength(workload.calls);
    expect(fallback.lagP99Ms).toBeLessThanOrEqual(3_000);
    expect(fallback.shareP99).toBeLessThanOrEqual(50);
    expect(fallback.shareP50).toBeLessThanOrEqual(10);
    // Issue 23 asks for 0.5×, issue 38 for 0.55×: knowing nothing of a robot, 0.64× is what this bound costs.
    expect(fallback.queries / naive.queries).toBeLessThanOrEqual(0.66);
  });

  test('robots that got three times slower, or a heavy tail: 99 % of runs still seen within 2 s and a quarter of their time', () => {
    for (const tail of [tails.slower, tails.heavy]) {
      const learned = simulateCore(tail, true);
      expect(learned.lagP99Ms).toBeLessThanOrEqual(2_000);
      expect(learned.shareP99).toBeLessThanOrEqual(25);
    }
  });

  test('robots that got three times faster: 99 % of runs still seen within 2 s (their calls fired meanwhile are asked again sooner)', () => {
    const learned = simulateCore(tails.faster, true);
    expect(learned.lagsMs).toHaveLength(tails.faster.calls);
    expect(learned.lagP99Ms).toBeLessThanOrEqual(2_000);
    // Issue 38 asks for a quarter of the run here too; runs ending before the old first query are seen late: about half today.
    expect(learned.shareP99).toBeLessThanOrEqual(60);
  });
});
