import { describe, expect, test } from 'vitest';
import { callStates, type CallState } from '../../src/shared/models/call.ts';
import { callOutcome, type OutcomeFields } from '../../src/shared/sentences/callOutcome.ts';

const base: OutcomeFields = { state: 'done', rawStatus: null, warning: null, error: null, timeline: [] };
const at = (state: CallState, more: Partial<OutcomeFields> = {}) => ({ ...base, state, ...more });

describe('callOutcome: one sentence per state, shared by the window, tray, notifications and CLI', () => {
  test.each<[CallState, Partial<OutcomeFields>, string]>([
    ['sending', {}, 'Sending the trigger.'],
    ['waiting', {}, 'Running; Robot Tray is watching for its result.'],
    [
      'waiting',
      { error: { kind: 'network', message: 'Could not reach svc (connection refused).', count: 3, at: 0 } },
      'Running, but Robot Tray cannot check on it: the last 3 polls failed. Could not reach svc (connection refused). Robot Tray keeps trying.',
    ],
    ['done', {}, 'Done.'],
    [
      'done',
      { warning: 'The service said DONE but sent no response object.' },
      'Done. The service said DONE',
    ],
    [
      'rejected',
      {
        error: {
          kind: 'http',
          status: 401,
          message: 'The service refused the token (HTTP 401). Set a new one.',
          count: 1,
          at: 0,
        },
      },
      // The message names the status and the next step itself: said once, not twice.
      'The service refused the token (HTTP 401). Set a new one.',
    ],
    [
      'unreachable',
      { error: { kind: 'network', message: 'Nothing answers at x.', count: 1, at: 0 } },
      'Nothing answers',
    ],
    [
      'unknown',
      { timeline: [{ note: 'Robot Tray stopped while sending.' }] },
      'Robot Tray stopped while sending.',
    ],
    ['expired', {}, 'Expired: the service no longer knows this run'],
    ['unexpected', { rawStatus: 'PAUSED' }, 'Ended with a status Robot Tray does not know ("PAUSED").'],
    [
      'unexpected',
      { rawStatus: 'P'.repeat(100_000) },
      `Ended with a status Robot Tray does not know ("${'P'.repeat(59)}… (100,000 characters)").`,
    ],
    [
      'failed',
      {
        rawStatus: 'FAILED',
        error: { kind: 'protocol', message: 'The robot said: disk full.', count: 1, at: 0 },
      },
      'Failed: the service reported the run as "FAILED". The robot said: disk full.',
    ],
    ['stopped', { timeline: [{ note: 'Stopped by you.' }] }, 'Stopped: Stopped by you.'],
  ])('%s', (state, more, expected) => {
    expect(callOutcome(at(state, more))).toContain(expected);
  });

  test('a rejected call without a recorded error still says it was rejected', () => {
    expect(callOutcome(at('rejected'))).toBe('The service rejected the trigger; it gave no reason.');
  });

  test('every state has a sentence', () => {
    for (const state of callStates) expect(callOutcome(at(state)).length).toBeGreaterThan(3);
  });
});
