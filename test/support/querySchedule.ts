import fc from 'fast-check';
import { nextQueryDelay } from '../../src/core/tracker/learnedSchedule.ts';
import type { RunProfile } from '../../src/core/tracker/runProfile.ts';
import { defaultPollPolicy } from '../../src/shared/models/pollPolicy.ts';

/** Poll policies as settings may hold them: any first delay, factor and longest wait; a 30-minute watch. */
export const pollPolicies = fc.record({
  firstDelayMs: fc.integer({ min: 100, max: 600_000 }),
  factor: fc.double({ min: 1, max: 10, noNaN: true }),
  maxDelayMs: fc.integer({ min: 100, max: 3_600_000 }),
  watchDeadlineMs: fc.constant(1_800_000),
});

/**
 * The times (ms after acceptance) a call is queried at until `untilMs`, on
 * the default policy: by its robot's run profile, or by the built-in
 * schedule when there is none yet.
 */
export function queryTimes(profile: RunProfile | undefined, untilMs: number, random = () => 0.5): number[] {
  const times: number[] = [];
  let at = 0;
  for (let pollCount = 0; at < untilMs; pollCount++) {
    at += nextQueryDelay({
      pollCount,
      elapsedMs: at,
      profile,
      policy: defaultPollPolicy,
      explicit: false,
      random,
    });
    times.push(at);
  }
  return times;
}
