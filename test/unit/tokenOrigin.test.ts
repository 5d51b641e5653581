import { describe, expect, test } from 'vitest';
import { TRIGGER_PATH } from '../../src/core/http/targetUrl.ts';
import { callTarget } from '../../src/core/tracker/callTarget.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import { tokenOriginQuestion } from '../../src/main/ipc/handlers/tokenOriginQuestion.ts';
import { Robot } from '../../src/shared/models/robot.ts';
import { robotView } from '../../src/shared/models/robotView.ts';
import { suspensionSentence, tokenSuspension } from '../../src/shared/models/tokenOrigin.ts';

const robot = (more: Record<string, unknown> = {}) =>
  Robot.parse({
    id: 'r1',
    name: 'Payroll',
    baseUrl: 'https://a.example',
    createdAt: 1,
    updatedAt: 1,
    ...more,
  });

describe('a token bound to an origin, decided from the robot record alone', () => {
  test('suspended only when a token is bound to another origin than the robot’s; a legacy token is not', () => {
    expect(tokenSuspension(robot())).toBeNull();
    expect(tokenSuspension(robot({ tokenUpdatedAt: 5, tokenOrigin: null }))).toBeNull();
    expect(tokenSuspension(robot({ tokenUpdatedAt: 5, tokenOrigin: 'https://a.example' }))).toBeNull();
    // Same host, other port or scheme: another origin.
    for (const baseUrl of ['https://a.example:8443', 'http://a.example', 'https://b.example/a.example']) {
      const moved = robot({
        baseUrl,
        allowInsecureHttp: true,
        tokenUpdatedAt: 5,
        tokenOrigin: 'https://a.example',
      });
      expect(tokenSuspension(moved)).toEqual({ from: 'https://a.example', to: new URL(baseUrl).origin });
      expect(robotView(moved)).toMatchObject({
        hasToken: false,
        tokenSuspended: { from: 'https://a.example' },
      });
    }
    // A path change keeps the origin, and the token.
    const samePlace = robot({
      baseUrl: 'https://a.example/v2',
      tokenUpdatedAt: 5,
      tokenOrigin: 'https://a.example',
    });
    expect(robotView(samePlace)).toMatchObject({ hasToken: true, tokenSuspended: null });
  });

  test('the words name both origins and the fix; plain http to another machine is called unencrypted', () => {
    const s = { from: 'https://a.example', to: 'http://b.example' };
    const sentence = suspensionSentence('Payroll', s);
    expect(sentence).toContain('set for https://a.example');
    expect(sentence).toContain('now points at http://b.example over plain http');
    expect(sentence).toContain('robot-tray token move "Payroll"');
    const question = tokenOriginQuestion('Payroll', s);
    expect(question.message).toBe('Send the token of robot "Payroll" to http://b.example?');
    expect(question.detail).toContain('set for https://a.example');
    expect(question.detail).toContain('unencrypted');
    expect(question.confirmLabel).toBe('Use the token for http://b.example');
    const loopback = tokenOriginQuestion('Payroll', { from: 'https://a.example', to: 'http://127.0.0.1:9' });
    expect(loopback.detail).not.toContain('unencrypted');
  });

  test('a call is queried where it was fired: its record, or for older records its url; never the robot now', () => {
    const fired = robot({ baseUrl: 'https://a.example/base', caFile: '/ca.pem' });
    const call = newCall(
      fired,
      { method: 'POST', args: {} },
      'c1',
      1,
      'https://a.example/base' + TRIGGER_PATH,
      {
        origin: 'https://a.example',
        basePath: '/base',
      },
    );
    const moved = robot({ baseUrl: 'https://evil.example', caFile: '/ca.pem' });
    expect(callTarget(call, moved)).toEqual({
      origin: 'https://a.example',
      basePath: '/base',
      caFile: null,
      pin: null,
      robotName: 'Payroll',
    });
    expect(callTarget(call, fired)).toMatchObject({ origin: 'https://a.example', caFile: '/ca.pem' });
    const { origin: _o, basePath: _b, ...older } = call;
    expect(
      callTarget({ ...older, url: 'https://a.example/base' + TRIGGER_PATH + '?x=1' }, moved),
    ).toMatchObject({
      origin: 'https://a.example',
      basePath: '/base',
    });
    expect(callTarget({ ...older, url: null }, moved)).toBeUndefined();
    expect(callTarget({ ...older, url: 'https://a.example/elsewhere' }, moved)).toBeUndefined();
  });
});
