import { describe, expect, test } from 'vitest';
import { callOutcome } from '../../src/shared/sentences/callOutcome.ts';
import { serviceMessage } from '../../src/core/http/answerText.ts';
import { AppError } from '../../src/core/errors.ts';
import type { QueryResult } from '../../src/core/http/webhookClient.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import {
  afterAccepted,
  afterAnswer,
  afterQueryFailure,
  afterResume,
  assertResumable,
  afterTriggerFailure,
  doneWarning,
  isTransientQueryFailure,
  moveTo,
  recordError,
  resumeAt,
  stateForTriggerFailure,
} from '../../src/core/tracker/transitions.ts';
import type { Call, CallError, CallState } from '../../src/shared/models/call.ts';
import type { JsonObject, JsonValue } from '../../src/shared/models/json.ts';
import type { Robot } from '../../src/shared/models/robot.ts';

/**
 * The state rules of one call, as people see them in its detail and history:
 * when it counts as finished, when it is polled again, how a repeated error
 * is counted and what its timeline keeps.
 */

const robot = { id: 'r1', name: 'Invoice sync' } as Robot;
const T0 = 1_000_000;

const sending = (): Call => newCall(robot, { method: 'POST', args: { a: 1 } }, 'c1', T0);
const waiting = (watchUntil: number | null = T0 + 60_000): Call => ({
  ...afterAccepted(sending(), { webhookCallId: 'w-1', status: 202 }, T0 + 10, 60_000),
  watchUntil,
  nextPollAt: T0 + 500,
});

function answer(status: string, response?: JsonValue): QueryResult {
  const body: JsonObject = response === undefined ? { status } : { status, response };
  return { status, response, hasResponse: response !== undefined, body };
}

describe('moving a call to a state', () => {
  test('a final state clears the next poll and notes when it finished', () => {
    for (const state of [
      'done',
      'rejected',
      'unreachable',
      'unknown',
      'expired',
      'stopped',
      'unexpected',
    ] as const) {
      const moved = moveTo(waiting(), state, T0 + 900);
      expect(moved.state).toBe(state);
      expect(moved.nextPollAt).toBeNull();
      expect(moved.finishedAt).toBe(T0 + 900);
    }
  });

  test('an active state keeps its next poll, or takes a new one, and is not finished', () => {
    const finished = { ...waiting(), finishedAt: T0 + 5 };
    for (const state of ['sending', 'waiting'] as const) {
      expect(moveTo(finished, state, T0 + 900)).toMatchObject({
        state,
        nextPollAt: T0 + 500,
        finishedAt: null,
      });
      expect(moveTo(finished, state, T0 + 900, undefined, { nextPollAt: T0 + 2_000 }).nextPollAt).toBe(
        T0 + 2_000,
      );
    }
  });

  test('a resumed call polls again at once when no next poll is given', () => {
    const stopped = moveTo(waiting(), 'stopped', T0 + 900);
    expect(moveTo(stopped, 'waiting', T0 + 1_000).nextPollAt).toBeNull();
    expect(moveTo(stopped, 'waiting', T0 + 1_000, 'Resumed', { nextPollAt: T0 + 1_100 }).nextPollAt).toBe(
      T0 + 1_100,
    );
  });

  test('the timeline gains one entry, with the note only when there is one', () => {
    const base = sending();
    expect(moveTo(base, 'waiting', T0 + 1).timeline).toStrictEqual([
      { at: T0, state: 'sending' },
      { at: T0 + 1, state: 'waiting' },
    ]);
    expect(moveTo(base, 'stopped', T0 + 2, 'Stopped by you').timeline).toStrictEqual([
      { at: T0, state: 'sending' },
      { at: T0 + 2, state: 'stopped', note: 'Stopped by you' },
    ]);
    // The call given is not changed.
    expect(base.timeline).toHaveLength(1);
  });

  test('the timeline keeps at most 24 entries: the first (creation) and the 23 most recent', () => {
    let call = sending();
    for (let i = 1; i < 23; i++) call = moveTo(call, 'waiting', T0 + i, `poll ${i}`);
    expect(call.timeline).toHaveLength(23);

    const at24 = moveTo(call, 'waiting', T0 + 23, 'poll 23');
    expect(at24.timeline).toHaveLength(24);
    expect(at24.timeline[1]).toMatchObject({ note: 'poll 1' });

    const at25 = moveTo(at24, 'done', T0 + 24, 'done');
    expect(at25.timeline).toHaveLength(24);
    expect(at25.timeline[0]).toStrictEqual({ at: T0, state: 'sending' });
    expect(at25.timeline[1]).toMatchObject({ note: 'poll 2' });
    expect(at25.timeline.at(-1)).toStrictEqual({ at: T0 + 24, state: 'done', note: 'done' });

    const many = moveTo(moveTo(at25, 'waiting', T0 + 25), 'waiting', T0 + 26);
    expect(many.timeline).toHaveLength(24);
    expect(many.timeline[0]!.state).toBe('sending');
    expect(many.timeline.map((e) => e.at).slice(-3)).toEqual([T0 + 24, T0 + 25, T0 + 26]);
  });

  test('a patch is applied, but cannot override the state, timeline or finish time', () => {
    const moved = moveTo(waiting(), 'done', T0 + 900, undefined, {
      warning: 'w',
      state: 'waiting' as CallState,
      finishedAt: 1,
      timeline: [],
    });
    expect(moved).toMatchObject({ warning: 'w', state: 'done', finishedAt: T0 + 900 });
    expect(moved.timeline).toHaveLength(3);
  });
});

describe('counting a repeated error', () => {
  const previous: CallError = { kind: 'http', message: 'busy', status: 503, count: 2, at: T0 };

  test('the same kind and status counts up and takes the new message and time', () => {
    expect(recordError(previous, new AppError('http', 'still busy', { status: 503 }), T0 + 9)).toStrictEqual({
      kind: 'http',
      message: 'still busy',
      status: 503,
      count: 3,
      at: T0 + 9,
    });
  });

  test('a different status or kind starts again at one', () => {
    expect(recordError(previous, new AppError('http', 'bad gateway', { status: 502 }), T0 + 9).count).toBe(1);
    expect(recordError(previous, new AppError('timeout', 'slow', { status: 503 }), T0 + 9).count).toBe(1);
    expect(recordError(previous, new AppError('network', 'reset'), T0 + 9).count).toBe(1);
  });

  test('the first error counts one; an error without status stores none', () => {
    expect(recordError(null, new AppError('network', 'reset'), T0)).toStrictEqual({
      kind: 'network',
      message: 'reset',
      count: 1,
      at: T0,
    });
    const net: CallError = { kind: 'network', message: 'reset', count: 4, at: T0 };
    expect(recordError(net, new AppError('network', 'reset again'), T0 + 1).count).toBe(5);
  });
});

describe('where a failed trigger lands', () => {
  test('an HTTP answer is rejected, even if it might have been delivered', () => {
    expect(stateForTriggerFailure(new AppError('http', 'no', { status: 401 }))).toBe('rejected');
    expect(stateForTriggerFailure(new AppError('http', 'no', { status: 500, maybeDelivered: true }))).toBe(
      'rejected',
    );
  });

  test('a failure that may have been delivered is unknown; one that was not is unreachable', () => {
    expect(stateForTriggerFailure(new AppError('network', 'reset', { maybeDelivered: true }))).toBe(
      'unknown',
    );
    expect(stateForTriggerFailure(new AppError('timeout', 'slow', { maybeDelivered: true }))).toBe('unknown');
    expect(stateForTriggerFailure(new AppError('network', 'refused'))).toBe('unreachable');
    expect(stateForTriggerFailure(new AppError('validation', 'bad args'))).toBe('unreachable');
  });

  test('the call is finished with the error kept, counted once', () => {
    const failed = afterTriggerFailure(sending(), new AppError('network', 'refused'), T0 + 3);
    expect(failed).toMatchObject({
      state: 'unreachable',
      finishedAt: T0 + 3,
      error: { kind: 'network', message: 'refused', count: 1, at: T0 + 3 },
    });
  });
});

describe('which query failures keep the call waiting', () => {
  test.each(['network', 'timeout', 'protocol', 'keychain', 'internal'] as const)(
    '%s may pass: keep polling',
    (kind) => {
      expect(isTransientQueryFailure(new AppError(kind, 'x'))).toBe(true);
    },
  );

  test.each(['validation', 'not-found'] as const)('%s needs the user first: stop', (kind) => {
    expect(isTransientQueryFailure(new AppError(kind, 'x'))).toBe(false);
  });

  test.each([408, 429, 500, 502, 503, 599])('HTTP %i may pass: keep polling', (status) => {
    expect(isTransientQueryFailure(new AppError('http', 'x', { status }))).toBe(true);
  });

  test.each([400, 401, 403, 404, 409, 499])('HTTP %i will not change by asking again: stop', (status) => {
    expect(isTransientQueryFailure(new AppError('http', 'x', { status }))).toBe(false);
  });

  test('an HTTP error without a status stops', () => {
    expect(isTransientQueryFailure(new AppError('http', 'x'))).toBe(false);
  });

  test('a permanent failure stops whatever its kind or status', () => {
    expect(isTransientQueryFailure(new AppError('protocol', 'answer too large', { permanent: true }))).toBe(
      false,
    );
    expect(isTransientQueryFailure(new AppError('http', 'x', { status: 503, permanent: true }))).toBe(false);
  });
});

describe('the warning on a DONE call', () => {
  test.each([
    [false, undefined, 'The service said DONE but sent no response object.'],
    [true, null, 'The service said DONE but its response is null, not an object.'],
    [true, [1, 2], 'The service said DONE but its response is a list, not an object.'],
    [true, 'ok', 'The service said DONE but its response is a string, not an object.'],
    [true, 3, 'The service said DONE but its response is a number, not an object.'],
    [true, false, 'The service said DONE but its response is a boolean, not an object.'],
    [true, {}, null],
    [true, { total: 3 }, null],
  ])('hasResponse %s, response %j: %j', (hasResponse, response, warning) => {
    expect(doneWarning(hasResponse, response)).toBe(warning);
  });
});

describe('after an answer to a query', () => {
  test('every answer counts a poll, notes its time and clears the last error', () => {
    const failing = { ...waiting(), error: { kind: 'network', message: 'reset', count: 2, at: T0 } } as Call;
    const out = afterAnswer(failing, answer('WAITING'), T0 + 700);
    expect(out).toEqual({
      pollAgain: true,
      call: { ...failing, lastPolledAt: T0 + 700, pollCount: 1, error: null },
    });
  });

  test('DONE with a response that is not an object keeps it, with the warning', () => {
    const out = afterAnswer(waiting(), answer('DONE', ['a']), T0 + 700);
    expect(out.call).toMatchObject({
      state: 'done',
      response: ['a'],
      warning: expect.stringMatching(/a list/),
    });
  });

  test('DONE without a response leaves the response unset', () => {
    const out = afterAnswer(waiting(), answer('DONE'), T0 + 700);
    expect('response' in out.call).toBe(false);
  });

  test('WAITING without a watch deadline keeps polling however late', () => {
    expect(afterAnswer(waiting(null), answer('WAITING'), Number.MAX_SAFE_INTEGER).pollAgain).toBe(true);
  });

  test('WAITING at the deadline stops, saying why', () => {
    const out = afterAnswer(waiting(T0 + 800), answer('WAITING'), T0 + 800);
    expect(out.pollAgain).toBe(false);
    expect(out.call.timeline.at(-1)).toStrictEqual({
      at: T0 + 800,
      state: 'stopped',
      note: 'The watch deadline passed while the robot was still WAITING.',
    });
  });

  test('an unnamed status is kept raw, and the note quotes at most 60 characters of it with its size', () => {
    const status = 'F'.repeat(100);
    const out = afterAnswer(waiting(), answer(status), T0 + 700);
    expect(out.call.rawStatus).toBe(status);
    expect(out.call.timeline.at(-1)!.note).toBe(
      `The service answered status "${'F'.repeat(59)}… (100 characters)".`,
    );
    expect(out.call.error).toBeNull();
  });

  test.each([
    [{ status: 'FAILED', error: { message: 'disk\nfull' } }, 'The robot said: disk full.'],
    [{ status: 'FAILED', error: 'no such customer' }, 'The robot said: no such customer.'],
    [{ status: 'ERROR', message: '  quota  exceeded ' }, 'The robot said: quota exceeded.'],
    [{ status: 'ERROR', reason: 'cancelled by operator' }, 'The robot said: cancelled by operator.'],
    [{ status: 'ERROR', detail: 'timeout in step 3' }, 'The robot said: timeout in step 3.'],
  ])("the robot's own message in %j becomes the call's error", (body, message) => {
    const result: QueryResult = { status: body.status, response: undefined, hasResponse: false, body };
    const out = afterAnswer(waiting(), result, T0 + 700);
    expect(out.call.state).toBe('failed');
    expect(out.call.response).toEqual(body);
    expect(out.call.error).toEqual({ kind: 'protocol', message, count: 1, at: T0 + 700 });
  });

  test("an unnamed status's body keeps its exact text when a number in it would change", () => {
    const body = { status: 'PAUSED', cost: Number.MAX_VALUE };
    const text = '{"status":"PAUSED","cost":2e308}';
    const result: QueryResult = {
      status: 'PAUSED',
      response: undefined,
      hasResponse: false,
      body,
      bodyText: text,
    };
    const out = afterAnswer(waiting(), result, T0 + 700);
    expect(out.call).toMatchObject({ state: 'unexpected', response: body, responseText: text });
    const plain = afterAnswer(waiting(), { ...result, bodyText: undefined }, T0 + 700);
    expect(plain.call.responseText).toBeUndefined();
  });

  test('a long robot message is cut; one with no text is not an error', () => {
    expect(serviceMessage({ message: 'x'.repeat(1_000) })).toHaveLength(300);
    expect(serviceMessage({ message: '   ', error: { message: 42 }, reason: null })).toBeUndefined();
    expect(serviceMessage(['FAILED'])).toBeUndefined();
  });
});

describe('after a failed query', () => {
  test('404 expires the run, saying the service no longer knows it', () => {
    const out = afterQueryFailure(waiting(), new AppError('http', 'gone', { status: 404 }), T0 + 700);
    expect(out.pollAgain).toBe(false);
    expect(out.call.state).toBe('expired');
    expect(out.call.timeline.at(-1)!.note).toBe('The service no longer knows this run (404).');
    expect(out.call.error).toMatchObject({ kind: 'http', status: 404, count: 1 });
  });

  test('a 404 status on an error that is not an HTTP answer does not expire it', () => {
    const out = afterQueryFailure(waiting(), new AppError('protocol', 'odd', { status: 404 }), T0 + 700);
    expect(out.call.state).toBe('waiting');
  });

  test('a failure the user must fix stops watching, quoting it', () => {
    const out = afterQueryFailure(
      waiting(),
      new AppError('http', 'The token was refused.', { status: 401 }),
      T0 + 7,
    );
    expect(out.call.state).toBe('stopped');
    expect(out.call.timeline.at(-1)!.note).toBe('The token was refused.');
    expect(callOutcome(out.call)).toBe('Stopped: The token was refused.');
  });

  test('a transient failure before the deadline polls again, counting the poll and the error', () => {
    const once = afterQueryFailure(waiting(), new AppError('network', 'reset'), T0 + 700);
    expect(once).toStrictEqual({
      pollAgain: true,
      call: {
        ...waiting(),
        lastPolledAt: T0 + 700,
        pollCount: 1,
        error: { kind: 'network', message: 'reset', count: 1, at: T0 + 700 },
      },
    });
    const twice = afterQueryFailure(once.call, new AppError('network', 'reset'), T0 + 800);
    expect(twice.call).toMatchObject({ pollCount: 2, error: { count: 2 } });
  });

  test('a transient failure at the deadline stops, saying why', () => {
    const out = afterQueryFailure(waiting(T0 + 700), new AppError('timeout', 'slow'), T0 + 700);
    expect(out.pollAgain).toBe(false);
    expect(out.call.timeline.at(-1)!.note).toBe(
      'The watch deadline passed while status queries were failing.',
    );
  });

  test('without a deadline a transient failure keeps polling however late', () => {
    expect(
      afterQueryFailure(waiting(null), new AppError('timeout', 'slow'), Number.MAX_SAFE_INTEGER).pollAgain,
    ).toBe(true);
  });

  test('the pause the service asked for travels with the outcome', () => {
    const out = afterQueryFailure(
      waiting(),
      new AppError('http', 'busy', { status: 429, retryAfterMs: 4_000 }),
      T0,
    );
    expect(out).toMatchObject({ pollAgain: true, retryAfterMs: 4_000 });
  });
});

describe('after the trigger is accepted', () => {
  test('the call waits with its id, acceptance time and watch deadline, noting the HTTP status', () => {
    const call = afterAccepted(sending(), { webhookCallId: 'w-9', status: 202 }, T0 + 10, 30_000);
    expect(call).toMatchObject({
      state: 'waiting',
      webhookCallId: 'w-9',
      acceptedAt: T0 + 10,
      watchUntil: T0 + 30_010,
      finishedAt: null,
    });
    expect(call.timeline.at(-1)).toStrictEqual({
      at: T0 + 10,
      state: 'waiting',
      note: 'Accepted (HTTP 202)',
    });
  });
});

describe('a DONE answer with numbers JSON.parse would change', () => {
  test('its exact text is kept with the call, for the window and exports to show as the service sent it', () => {
    const text = '{"id":12345678901234567890}';
    const done = afterAnswer(
      waiting(),
      { ...answer('DONE', { id: 12345678901234567000 }), responseText: text },
      T0 + 900,
    );
    expect(done.call).toMatchObject({ state: 'done', responseText: text });
    expect(afterAnswer(waiting(), answer('DONE', { id: 1 }), T0 + 900).call.responseText).toBeUndefined();
  });
});

describe('resuming a call', () => {
  const resumeRefusal = (call: Call): AppError => {
    try {
      assertResumable(call);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error(`a ${call.state} call was resumable`);
  };

  test('only a stopped or unexpected call can be watched again, and the refusal says which can', () => {
    const done = resumeRefusal(moveTo(waiting(), 'done', T0 + 900));
    expect(done.kind).toBe('validation');
    expect(done.message).toBe('A done call cannot be resumed; only stopped or unexpected ones.');
    const stopped = moveTo(waiting(), 'stopped', T0 + 900);
    expect(() => assertResumable(stopped)).not.toThrow();
  });

  test('a call the service never named cannot be asked about', () => {
    const nameless = { ...moveTo(waiting(), 'stopped', T0 + 900), webhookCallId: null };
    const refusal = resumeRefusal(nameless);
    expect(refusal.kind).toBe('validation');
    expect(refusal.message).toBe('This call has no webhookCallId to query.');
  });

  test('a resumed call is waiting again with a fresh deadline, noted, and keeps nothing of the answer it ended on', () => {
    const body = { status: 'PAUSED', detail: 'held by an operator' };
    const unexpected = afterAnswer(
      waiting(),
      { ...answer('PAUSED'), body, bodyText: JSON.stringify(body) },
      T0 + 900,
    ).call;
    expect(unexpected.state).toBe('unexpected');
    const resumed = afterResume(unexpected, T0 + 5_000, 60_000);
    expect(resumed).toMatchObject({
      state: 'waiting',
      watchUntil: T0 + 65_000,
      rawStatus: null,
      error: null,
    });
    expect(resumed.response).toBeUndefined();
    expect(resumed.responseText).toBeUndefined();
    expect(resumed.timeline.at(-1)).toEqual({ at: T0 + 5_000, state: 'waiting', note: 'Resumed' });
  });
});

describe('edges where a slip would change what people see', () => {
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
