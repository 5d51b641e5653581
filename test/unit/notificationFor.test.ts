import { describe, expect, test } from 'vitest';
import { notificationFor } from '../../src/main/notify/notificationFor.ts';
import { Call, callStates, type CallState } from '../../src/shared/models/call.ts';
import { summarizeCall } from '../../src/shared/models/callSummary.ts';

const on = { notifications: true };
const change = (
  state: CallState,
  from: CallState | null,
  notifyOnFinish = true,
  more: Record<string, unknown> = {},
) => ({
  call: summarizeCall(
    Call.parse({
      id: 'c1',
      robotId: 'r1',
      robotName: 'Invoices',
      presetName: 'Nightly',
      method: 'POST',
      args: {},
      state,
      notifyOnFinish,
      createdAt: 1,
      ...more,
    }),
  ),
  from,
});

const finals = callStates.filter((s) => s !== 'sending' && s !== 'waiting');

describe('notificationFor', () => {
  test.each(finals)(
    'a call ending %s after waiting notifies with robot, preset and the outcome sentence',
    (state) => {
      const text = notificationFor(change(state, 'waiting'), on);
      expect(text).not.toBeNull();
      expect(text!.title).toBe('Invoices · Nightly');
      expect(text!.callId).toBe('c1');
      expect(text!.body.length).toBeGreaterThan(3);
    },
  );

  test('the body is the shared sentence', () => {
    const text = notificationFor(
      change('rejected', 'sending', true, {
        error: { kind: 'http', status: 401, message: 'The service refused the token (HTTP 401).', at: 1 },
      }),
      on,
    );
    expect(text!.body).toBe('The service refused the token (HTTP 401).');
    expect(notificationFor(change('done', 'waiting'), on)!.body).toBe('Done.');
  });

  test("a failed run notifies with the robot's words and a status cut to a readable length", () => {
    const robotSaid = { kind: 'protocol', message: 'The robot said: disk full.', count: 1, at: 1 };
    const failed = notificationFor(
      change('failed', 'waiting', true, { rawStatus: 'FAILED', error: robotSaid }),
      on,
    );
    expect(failed!.body).toBe('Failed: the service reported the run as "FAILED". The robot said: disk full.');
    const huge = notificationFor(
      change('unexpected', 'waiting', true, { rawStatus: 'Z'.repeat(5_000_000) }),
      on,
    );
    expect(huge!.body.length).toBeLessThan(200);
    expect(huge!.body).toContain('(5,000,000 characters)');
  });

  test.each(['sending', 'waiting'] as const)('a call still %s does not notify', (state) => {
    expect(notificationFor(change(state, 'sending'), on)).toBeNull();
  });

  test.each(finals)('a %s call that was already final (a list refresh) does not notify again', (state) => {
    expect(notificationFor(change(state, 'stopped'), on)).toBeNull();
    expect(notificationFor(change(state, null), on)).toBeNull();
  });

  test('not fired from the tray nor by a notifying preset: no notification', () => {
    expect(notificationFor(change('done', 'waiting', false), on)).toBeNull();
  });

  test('notifications turned off in settings: none at all', () => {
    expect(notificationFor(change('rejected', 'waiting'), { notifications: false })).toBeNull();
  });

  test('a call without a preset is titled by its robot', () => {
    expect(notificationFor(change('done', 'waiting', true, { presetName: null }), on)!.title).toBe(
      'Invoices',
    );
  });
});
