import { describe, expect, test } from 'vitest';
import { buildArgs, parseArgPair } from '../../src/cli/args.ts';
import { CliError } from '../../src/cli/cliError.ts';
import { AppError } from '../../src/core/errors.ts';
import { parseRetryAfter } from '../../src/core/http/retryAfter.ts';
import type { QueryResult } from '../../src/core/http/webhookClient.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import {
  afterAccepted,
  afterAnswer,
  afterQueryFailure,
  isTransientQueryFailure,
  resumeAt,
} from '../../src/core/tracker/transitions.ts';
import type { Robot } from '../../src/shared/models/robot.ts';

/** Edges of the pure rules where a slip would change what people see. */

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw new Error(`not a usage error: ${String(error)}`, { cause: error });
  }
  throw new Error('no usage error');
}

describe('the CLI: a number too long to keep exactly', () => {
  // Caught and read, not expect().toThrow(text): Vitest's toThrow(text) also passes when
  // `undefined` is thrown, which is what a lost error message would look like.
  test('the usage error shows the first 40 characters of the number typed', () => {
    const long = '1234567890'.repeat(5) + '.5';
    expect(usageMessage(() => buildArgs([`{"n":${long}}`], []))).toBe(
      `--args: the number ${long.slice(0, 40)} has more digits than a JSON number keeps, so it would be sent changed. ` +
        'Quote it to send it as text exactly as typed.',
    );
    expect(usageMessage(() => parseArgPair(`n:=[${long}]`))).toBe(
      `--arg n:=[${long}]: the number ${long.slice(0, 40)} has more digits than a JSON number keeps, so it would be sent changed. ` +
        'Send it as text exactly as typed with n=… (or quote it inside the JSON).',
    );
  });

  test('a bare number too long to keep is sent as the text typed', () => {
    expect(parseArgPair('id=12345678901234567890')).toEqual(['id', '12345678901234567890']);
  });
});

describe('Retry-After: a date with anything after it is not an HTTP-date', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  test.each([
    'Sat, 21 Nov 2026 12:01:30 GMT+0100',
    'Sat Nov 21 12:01:30 2026 +0100',
    'Sat Nov 21 12:01:30 2026 UTC',
    'x Sat Nov 21 12:01:30 2026',
    'Mon Sat Nov 21 12:01:30 2026',
  ])('%j is ignored', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

const robot = { id: 'r1', name: 'Invoice sync' } as Robot;
const T0 = 5_000_000;
const waiting = () =>
  afterAccepted(
    newCall(robot, { method: 'POST', args: {} }, 'c1', T0),
    { webhookCallId: 'w', status: 202 },
    T0,
    60_000,
  );

describe('call transitions', () => {
  test('DONE with an answer nested too deep is final, says why nothing was kept', () => {
    const result: QueryResult = {
      status: 'DONE',
      response: undefined,
      hasResponse: true,
      tooDeep: true,
      body: { status: 'DONE' },
    };
    const outcome = afterAnswer(waiting(), result, T0 + 1_000);
    expect(outcome.pollAgain).toBe(false);
    expect(outcome.call.state).toBe('done');
    expect(outcome.call.response).toBeUndefined();
    expect(outcome.call.warning).toBe(
      "The service said DONE, but its response nests deeper than 512 levels, Robot Tray's limit, so it was not kept.",
    );
  });

  test('an error that is not an HTTP answer stops watching whatever status number it carries', () => {
    const refused = new AppError('validation', 'The robot is invalid.', { status: 503 });
    expect(isTransientQueryFailure(refused)).toBe(false);
    expect(afterQueryFailure(waiting(), refused, T0 + 1_000).call.state).toBe('stopped');
  });

  test.each(['storage', 'busy'] as const)(
    'a %s error (the data folder, for a moment) leaves the call waiting and polled again',
    (kind) => {
      const error = new AppError(kind, 'The history is locked by another Robot Tray process.');
      expect(isTransientQueryFailure(error)).toBe(true);
      expect(afterQueryFailure(waiting(), error, T0 + 1_000)).toMatchObject({
        pollAgain: true,
        call: { state: 'waiting' },
      });
    },
  );

  test.each(['Disk full.', 'Disk full!', 'Disk full?', 'Disk full…'])(
    'a robot message that already ends a sentence (%j) gets no second full stop',
    (said) => {
      const body = { status: 'FAILED', error: { message: said } };
      const result: QueryResult = { status: 'FAILED', response: undefined, hasResponse: false, body };
      expect(afterAnswer(waiting(), result, T0 + 1_000).call.error?.message).toBe(`The robot said: ${said}`);
    },
  );

  test('a robot message with a full stop inside, not at its end, still gets one', () => {
    const body = { status: 'FAILED', message: 'Disk full. Call operations' };
    const result: QueryResult = { status: 'FAILED', response: undefined, hasResponse: false, body };
    expect(afterAnswer(waiting(), result, T0 + 1_000).call.error?.message).toBe(
      'The robot said: Disk full. Call operations.',
    );
  });

  test('a next poll exactly one whole watch ahead is kept; further ahead means the clock went back', () => {
    const now = T0;
    expect(resumeAt(now + 60_000, now, 60_000)).toBe(now + 60_000);
    expect(resumeAt(now + 60_001, now, 60_000)).toBe(now);
  });
});
