import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { FALLBACK_MIN_WAIT_MS } from '../../src/core/tracker/fallbackSchedule.ts';
import { boundedGap, FALLBACK_GAP, type GapBound, LEARNED_GAP } from '../../src/core/tracker/gapBound.ts';
import { firstQueryAt, runEdges, SLOWER_RUNS_WATCHED } from '../../src/core/tracker/learnedSchedule.ts';
import { MIN_POLL_DELAY_MS } from '../../src/core/tracker/pollPolicy.ts';
import { type RunProfile, runProfile } from '../../src/core/tracker/runProfile.ts';
import { defaultPollPolicy } from '../../src/shared/models/pollPolicy.ts';
import { pollTrouble } from '../../src/shared/sentences/pollTrouble.ts';
import { queryTimes } from '../support/querySchedule.ts';
import { openTrackerHarness, type TrackerHarness, WAITING } from '../support/trackerHarness.ts';
import { HEAVY } from '../support/heavyTest.ts';

/**
 * The bound the detection targets imply (gapBound.ts): no gap between two
 * queries of a call is longer than it, where runs end, whatever the robot's
 * run times, so no run is seen much later than it ended. Only the service's
 * Retry-After (which the call's row then shows) and the per-origin rate wait
 * longer.
 */

/** Run times around `median`, log-normal with spread `sigma`, from the draws given. */
const runTimes = fc
  .record({
    median: fc.integer({ min: 50, max: 300_000 }),
    sigma: fc.double({ min: 0, max: 1.2, noNaN: true }),
    normals: fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 10, maxLength: 200 }),
  })
  .map(({ median, sigma, normals }) => normals.map((z) => median * Math.exp(sigma * z)));

/** The longest gap the bound allows after a query `atMs` into a run (the policy's longest wait is the default's, 10 s). */
function allowed(profile: RunProfile | undefined, atMs: number): number {
  if (profile === undefined) return boundedGap(FALLBACK_GAP, atMs, FALLBACK_MIN_WAIT_MS);
  const bound: GapBound =
    atMs <= SLOWER_RUNS_WATCHED * runEdges(profile).last
      ? LEARNED_GAP
      : { ...LEARNED_GAP, longestMs: defaultPollPolicy.maxDelayMs };
  return boundedGap(bound, atMs, MIN_POLL_DELAY_MS);
}

/** A random source that gives `draws` in turn. */
function inTurn(draws: readonly number[]): () => number {
  let next = 0;
  return () => draws[next++ % draws.length]!;
}

describe('the gap bound', () => {
  test('with a learned profile: from where its runs begin to end, no gap between two queries exceeds the bound, so every run is seen within 2 s and a quarter of its time', () => {
    fc.assert(
      fc.property(
        runTimes,
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 1 }),
        (runs, draws) => {
          const profile = runProfile(runs)!;
          const times = queryTimes(profile, 6 * runEdges(profile).last, inTurn(draws));
          const from = times.findIndex((t) => t >= firstQueryAt(profile) - 1);
          for (let i = Math.max(1, from + 1); i < times.length; i++)
            expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(allowed(profile, times[i - 1]!) + 1);
          // No run the profile learned ended before that point: each is seen within the bound of its own end.
          expect(runEdges(profile).first).toBeLessThanOrEqual(profile.sorted[0]!);
          for (const run of profile.sorted) {
            const seen = times.find((t) => t >= run)!;
            expect(seen - run).toBeLessThanOrEqual(allowed(profile, run) + 1);
          }
        },
      ),
    );
  });

  test('without a profile: after the first query no gap exceeds the bound, so every run past two seconds is seen within 3 s and half its time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 1 }),
        fc.integer({ min: 2_100, max: 1_000_000 }),
        (draws, run) => {
          const times = queryTimes(undefined, run + 60_000, inTurn(draws));
          for (let i = 1; i < times.length; i++)
            expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(allowed(undefined, times[i - 1]!) + 1);
          const seen = times.find((t) => t >= run)!;
          expect(seen - run).toBeLessThanOrEqual(Math.min(3_000, 0.5 * run));
        },
      ),
    );
  });
});

describe('only Retry-After and the per-origin rate wait longer', () => {
  /** Two calls to one service held to `perSecond`, answered WAITING or 429 with the Retry-After (s) given, in turn, for 90 s. */
  async function watchTwoCalls(
    h: TrackerHarness,
    answers: ReadonlyArray<number | undefined>,
    perSecond: number,
  ) {
    // The built-in schedule (no poll interval set).
    h.settings = { ...h.settings, pollPolicy: {}, queriesPerSecondPerOrigin: perSecond };
    const asked: Array<{ id: string; at: number }> = [];
    const answered = new Map<string, number>();
    h.client.answer = async (webhookCallId) => {
      asked.push({ id: webhookCallId, at: h.clock.now() });
      const n = answered.get(webhookCallId) ?? 0;
      answered.set(webhookCallId, n + 1);
      const retryAfterS = answers[n % answers.length];
      if (retryAfterS === undefined) return WAITING;
      throw new AppError('http', 'Too many requests', { status: 429, retryAfterMs: retryAfterS * 1_000 });
    };
    const calls = [await h.fire(), await h.fire()];
    /** What each call's row said of its polls after each answer, by webhookCallId and poll count. */
    const rows = new Map<string, string | null>();
    h.tracker.subscribe((changed) => {
      for (const c of changed)
        if (c.webhookCallId !== null)
          rows.set(`${c.webhookCallId}@${c.pollCount}`, pollTrouble(c, h.clock.now()));
    });
    for (let t = 0; t < 90_000; t += 50) {
      h.clock.advance(50);
      await h.settle();
    }
    return { asked, calls, rows };
  }

  test(
    'a watched call: each gap is within the bound, or the service asked for it (the row shows it), or the origin was at its rate',
    HEAVY,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined, freq: 3 }), {
            minLength: 5,
            maxLength: 25,
          }),
          fc.integer({ min: 1, max: 3 }),
          async (answers, perSecond) => {
            const h = await openTrackerHarness();
            try {
              const { asked, calls, rows } = await watchTwoCalls(h, answers, perSecond);
              for (const call of calls) {
                const times = asked
                  .filter((q) => q.id === call.webhookCallId)
                  .map((q) => q.at - call.acceptedAt!);
                for (let i = 1; i < times.length; i++) {
                  const gap = times[i]! - times[i - 1]!;
                  if (gap <= allowed(undefined, times[i - 1]!) + 50) continue;
                  const retryAfterS = answers[(i - 1) % answers.length];
                  if (retryAfterS !== undefined) {
                    // The service asked for the pause, and the call's row says so, with the next try.
                    expect(gap).toBeLessThanOrEqual(
                      Math.max(allowed(undefined, times[i - 1]!), retryAfterS * 1_000) + 1_050,
                    );
                    expect(rows.get(`${call.webhookCallId}@${i}`)).toMatch(
                      /^last poll failed: HTTP 429.*; next try in \d+ s$/,
                    );
                    continue;
                  }
                  // Else the service's rate held it: `perSecond` queries to it in the second before.
                  const at = times[i]! + call.acceptedAt!;
                  expect(asked.filter((q) => q.at >= at - 1_000 && q.at < at).length).toBeGreaterThanOrEqual(
                    perSecond,
                  );
                }
              }
            } finally {
              await h.close();
            }
          },
        ),
        { numRuns: 15 },
      );
    },
  );
});
