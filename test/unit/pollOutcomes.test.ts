import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { mergeFireSpec, newCall } from '../../src/core/tracker/fireSpec.ts';
import {
  afterAccepted,
  afterAnswer,
  afterQueryFailure,
  afterTriggerFailure,
} from '../../src/core/tracker/transitions.ts';
import type { QueryResult } from '../../src/core/http/webhookClient.ts';
import type { JsonObject, JsonValue } from '../../src/shared/models/json.ts';
import type { Preset } from '../../src/shared/models/preset.ts';
import type { Robot } from '../../src/shared/models/robot.ts';
import { callOutcome } from '../../src/shared/sentences/callOutcome.ts';
import { queryPath } from '../../src/core/http/targetUrl.ts';

const robot = { id: 'r1', name: 'Invoice sync' } as Robot;
const T0 = 1_000_000;

function waitingCall(watchUntil = T0 + 60_000) {
  const sending = newCall(robot, { method: 'POST', args: { a: 1 } }, 'c1', T0);
  return afterAccepted(sending, { webhookCallId: 'w-1', status: 200 }, T0 + 10, watchUntil - (T0 + 10));
}

function answer(status: string, response?: JsonValue): QueryResult {
  const body: JsonObject = response === undefined ? { status } : { status, response };
  return { status, response, hasResponse: response !== undefined, body };
}

describe('what one poll leads to (pure, no timers)', () => {
  test('a new call is sending, and acceptance makes it waiting with its id and watch deadline', () => {
    const call = waitingCall(T0 + 5_000);
    expect(call).toMatchObject({
      state: 'waiting',
      webhookCallId: 'w-1',
      acceptedAt: T0 + 10,
      watchUntil: T0 + 5_000,
    });
    expect(call.timeline.map((e) => e.state)).toEqual(['sending', 'waiting']);
  });

  test('DONE with an object finishes the call and keeps the response, with no warning', () => {
    const out = afterAnswer(waitingCall(), answer('DONE', { ok: true }), T0 + 500);
    expect(out.pollAgain).toBe(false);
    expect(out.call).toMatchObject({ state: 'done', response: { ok: true }, warning: null, pollCount: 1 });
    expect(out.call.finishedAt).toBe(T0 + 500);
    expect(out.call.nextPollAt).toBeNull();
  });

  test('DONE without a response is done with a warning', () => {
    const out = afterAnswer(waitingCall(), answer('DONE'), T0 + 500);
    expect(out.call.state).toBe('done');
    expect(out.call.warning).toMatch(/no response object/);
  });

  test('WAITING before the deadline polls again; at the deadline it stops', () => {
    const before = afterAnswer(waitingCall(T0 + 1_000), answer('WAITING'), T0 + 999);
    expect(before).toMatchObject({
      pollAgain: true,
      call: { state: 'waiting', pollCount: 1, lastPolledAt: T0 + 999 },
    });
    const at = afterAnswer(waitingCall(T0 + 1_000), answer('WAITING'), T0 + 1_000);
    expect(at.pollAgain).toBe(false);
    expect(at.call.state).toBe('stopped');
  });

  test('a status the spec does not name is unexpected, with the raw status and body kept', () => {
    const out = afterAnswer(waitingCall(), answer('PAUSED', { message: 'boom' }), T0 + 500);
    expect(out).toMatchObject({ pollAgain: false, call: { state: 'unexpected', rawStatus: 'PAUSED' } });
    expect(out.call.response).toEqual({ status: 'PAUSED', response: { message: 'boom' } });
  });

  test.each([
    'FAILED',
    'failed',
    'Error',
    'ABORTED',
    'cancelled',
    'Canceled',
    'timed out',
    'TIMED-OUT',
    ' KILLED ',
  ])('a status that plainly reports failure (%j) ends failed, the raw status kept', (status) => {
    const out = afterAnswer(waitingCall(), answer(status, { message: 'boom' }), T0 + 500);
    expect(out).toMatchObject({ pollAgain: false, call: { state: 'failed', rawStatus: status } });
    expect(out.call.finishedAt).toBe(T0 + 500);
  });

  test.each(['FAILEDISH', 'DONE_WITH_ERRORS', 'ERROR'.repeat(20)])(
    '%j is not plainly a failure: unexpected',
    (status) => {
      expect(afterAnswer(waitingCall(), answer(status), T0 + 500).call.state).toBe('unexpected');
    },
  );

  test('a huge unknown status is kept to 1,000 characters and shown to 60, both with its length; the whole answer stays in the response', () => {
    const status = 'X'.repeat(5_000_000);
    const out = afterAnswer(waitingCall(), answer(status), T0 + 500);
    expect(out.call.rawStatus?.length).toBe(1000);
    expect(out.call.rawStatus).toMatch(/^X+… \(5,000,000 characters\)$/);
    expect(callOutcome(out.call)).toContain('(5,000,000 characters)');
    expect(out.call.timeline.at(-1)?.note?.length).toBeLessThan(120);
    expect(out.call.timeline.at(-1)?.note).toContain('(5,000,000 characters)');
    expect((out.call.response as { status: string }).status.length).toBe(5_000_000);
    expect(callOutcome(out.call).length).toBeLessThan(200);
  });

  test('a stored webhookCallId that cannot be queried stops the watch at its first poll, with the reason', () => {
    let error: unknown;
    try {
      queryPath({ origin: 'https://svc.example', basePath: '' }, 'w-\uD800');
    } catch (caught) {
      error = caught;
    }
    const out = afterQueryFailure(waitingCall(), error as AppError, T0 + 1);
    expect(out).toMatchObject({ pollAgain: false, call: { state: 'stopped' } });
    expect(out.call.timeline.at(-1)?.note).toContain('lone UTF-16 surrogate');
  });

  test('query failures: 404 expires, a refused token stops, a 503 polls again after Retry-After', () => {
    const call = waitingCall();
    const gone = afterQueryFailure(call, new AppError('http', 'gone', { status: 404 }), T0 + 1);
    expect(gone).toMatchObject({ pollAgain: false, call: { state: 'expired' } });
    const refused = afterQueryFailure(call, new AppError('http', 'no', { status: 401 }), T0 + 1);
    expect(refused).toMatchObject({ pollAgain: false, call: { state: 'stopped' } });
    const busy = afterQueryFailure(
      call,
      new AppError('http', 'busy', { status: 503, retryAfterMs: 7_000 }),
      T0 + 1,
    );
    expect(busy).toMatchObject({ pollAgain: true, retryAfterMs: 7_000, call: { state: 'waiting' } });
    expect(busy.call.error).toMatchObject({ kind: 'http', status: 503, count: 1 });
  });

  test('a transient failure past the deadline stops instead of polling again', () => {
    const out = afterQueryFailure(waitingCall(T0 + 100), new AppError('network', 'reset'), T0 + 100);
    expect(out).toMatchObject({ pollAgain: false, call: { state: 'stopped' } });
  });

  test('a trigger failure lands in rejected, unreachable or unknown', () => {
    const sending = newCall(robot, { method: 'POST', args: {} }, 'c2', T0);
    expect(afterTriggerFailure(sending, new AppError('http', 'no', { status: 401 }), T0).state).toBe(
      'rejected',
    );
    expect(afterTriggerFailure(sending, new AppError('network', 'refused'), T0).state).toBe('unreachable');
  });
});

describe('fire spec merging', () => {
  const preset = {
    id: 'p1',
    robotId: 'r1',
    name: 'Rush',
    method: 'GET',
    args: { customer: 'C-17', rush: true },
    fields: [],
    notifyOnFinish: true,
  } as unknown as Preset;

  test('given arguments override the preset’s by name, and a given method overrides its method', () => {
    const spec = mergeFireSpec(robot, { presetId: 'p1', args: { rush: false }, method: 'POST' }, preset);
    expect(spec).toEqual({
      method: 'POST',
      args: { customer: 'C-17', rush: false },
      presetId: 'p1',
      presetName: 'Rush',
      notifyOnFinish: true,
    });
    expect(mergeFireSpec(robot, { presetId: 'p1', args: undefined, method: undefined }, preset).method).toBe(
      'GET',
    );
  });

  test('without a preset the request is sent as given', () => {
    expect(mergeFireSpec(robot, { method: 'GET', args: { q: 1 } }, undefined)).toEqual({
      method: 'GET',
      args: { q: 1 },
    });
  });

  test('a preset of another robot is refused by name', () => {
    expect(() =>
      mergeFireSpec({ ...robot, id: 'r2' }, { presetId: 'p1', args: {}, method: undefined }, preset),
    ).toThrow(/preset "Rush" belongs to another robot/);
  });
});
