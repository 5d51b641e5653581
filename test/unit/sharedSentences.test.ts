import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { getEncodingProblem } from '../../src/shared/getEncoding.ts';
import { callStates, type CallState } from '../../src/shared/models/call.ts';
import { isLoopbackHost } from '../../src/shared/net/loopback.ts';
import { rowStates } from '../../src/shared/models/rowStates.ts';
import { countsText } from '../../src/shared/sentences/batchCounts.ts';
import { callOutcome, type OutcomeFields } from '../../src/shared/sentences/callOutcome.ts';
import { pollTrouble, type TroubleFields } from '../../src/shared/sentences/pollTrouble.ts';
import { describeZodError } from '../../src/shared/validation.ts';

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

describe('getEncodingProblem', () => {
  test('scalars and non-empty lists of them can go by GET', () => {
    expect(getEncodingProblem({ a: 'x', b: 1, c: true, e: ['x', 2, false] })).toBeUndefined();
  });
  test.each([
    [{ order: { id: 1 } }, 'Argument "order" is a nested object'],
    [{ ids: [[1]] }, 'Argument "ids" is a list holding a list inside a list'],
    [{ ids: [{ a: 1 }] }, 'Argument "ids" is a list holding a nested object'],
  ])('%j cannot, and the sentence says to use POST', (args, expected) => {
    const problem = getEncodingProblem(args);
    expect(problem).toContain(expected);
    expect(problem).toContain('Send this call with POST');
  });
});

describe('isLoopbackHost', () => {
  test.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '[::1]', '::1'])(
    '%s is this machine',
    (h) => {
      expect(isLoopbackHost(h)).toBe(true);
    },
  );
  test.each([
    'localhost.evil.example',
    '128.0.0.1',
    '127.0.0.1.evil',
    '127.0.0',
    '127.0.0.256',
    '::2',
    '0.0.0.0',
  ])('%s is not', (h) => expect(isLoopbackHost(h)).toBe(false));
  test('URL parsing normalises shorthand forms before the check', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f.0.0.1/').hostname)).toBe(true);
  });
});

describe('describeZodError', () => {
  const schema = z.object({
    name: z.string().min(1, 'must not be empty'),
    n: z.number(),
    list: z.array(z.number()),
  });
  test('names each field by its path, without zod\'s "Invalid input" prefix', () => {
    const error = schema.safeParse({ name: '', n: 'x', list: [1, 'y'] }).error!;
    const text = describeZodError(error, 'robot');
    expect(text).toMatch(/^name: must not be empty; n: expected number, received string; list\[1\]: /);
    expect(text).not.toContain('Invalid input');
  });
  test('a value with no path is named by its subject; long lists are bounded', () => {
    expect(describeZodError(z.object({}).safeParse(3).error!, 'request')).toMatch(/^request: /);
    const many = z.array(z.number()).safeParse(['a', 'b', 'c', 'd', 'e']).error!;
    expect(describeZodError(many)).toMatch(/\(and 2 more\)$/);
    expect(describeZodError(many, undefined, undefined, Infinity).split(';')).toHaveLength(5);
  });
});

describe('pollTrouble', () => {
  const error = { kind: 'network' as const, message: 'Could not reach svc.', count: 1, at: 0 };
  test.each<[string, TroubleFields, string | null]>([
    ['a waiting call whose last poll went well', { state: 'waiting', error: null, nextPollAt: 5_000 }, null],
    ['a finished call', { state: 'stopped', error, nextPollAt: null }, null],
    [
      'one failure',
      { state: 'waiting', error, nextPollAt: 5_000 },
      'last poll failed: could not reach the service; next try in 4 s',
    ],
    [
      'failures in a row, with an HTTP status',
      { state: 'waiting', error: { ...error, kind: 'http', status: 503, count: 7 }, nextPollAt: 900 },
      'last poll failed: HTTP 503 (7 in a row); next try in 0 s',
    ],
    [
      'no next poll planned',
      { state: 'waiting', error: { ...error, kind: 'timeout' }, nextPollAt: null },
      'last poll failed: the service did not answer in time',
    ],
  ])('%s', (_what, call, line) => {
    expect(pollTrouble(call, 1_000)).toBe(line);
  });
});

describe('countsText: a batch’s rows by state, shared by the CLI, the tray and the window', () => {
  test('still to come first, then done, then the other ends; every state said, the empty ones left out', () => {
    expect(countsText({ failed: 3, done: 120, pending: 0, waiting: 2 })).toBe(
      '2 waiting, 120 done, 3 failed',
    );
    expect(countsText({})).toBe('');
    const all = countsText(Object.fromEntries(rowStates.map((state) => [state, 1])));
    expect(all.split(', ')).toEqual(rowStates.map((state) => `1 ${state}`));
  });
});
