import { describe, expect, test } from 'vitest';
import { pollTrouble, type TroubleFields } from '../../src/shared/sentences/pollTrouble.ts';

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
