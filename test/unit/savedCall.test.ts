import { describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import {
  parseSavedCall,
  SAVED_CALL_ID,
  SAVED_CALL_ROBOT_ID,
  savedCallAsCall,
  savedCallText,
  toSavedCall,
} from '../../src/shared/models/savedCall.ts';

const at = Date.UTC(2026, 10, 25, 9, 30, 0);
const local: Call = {
  id: 'c-local-1',
  robotId: 'r-local',
  robotName: 'Invoice sync',
  presetId: 'p-local',
  presetName: 'Customer 42',
  method: 'POST',
  args: { customer: 42 },
  state: 'done',
  webhookCallId: 'wh-1',
  url: 'https://robots.example.com/hook',
  origin: 'https://robots.example.com',
  basePath: '/hook',
  rawStatus: null,
  warning: null,
  error: null,
  notifyOnFinish: true,
  createdAt: at,
  sentAt: at,
  acceptedAt: at + 10,
  lastPolledAt: at + 90,
  nextPollAt: at + 500,
  finishedAt: at + 100,
  watchUntil: at + 60_000,
  pollCount: 2,
  timeline: [{ at, state: 'sending' }],
  response: { total: 12345678901234567000 },
  responseText: '{"total":12345678901234567890}',
};

describe('saved call files', () => {
  test('round trip: the record and the exact response come back; no local id (the call’s, robot’s, preset’s) nor the watch travels', () => {
    const text = savedCallText(toSavedCall(local, at + 1_000));
    expect(text).not.toMatch(/c-local|r-local|p-local|watchUntil|nextPollAt|notifyOnFinish/);
    const parsed = parseSavedCall(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.saved).toMatchObject({ format: 'robot-tray-call', version: 1, savedAt: at + 1_000 });
    const back = savedCallAsCall(parsed.saved);
    expect(back).toEqual({
      ...local,
      id: SAVED_CALL_ID,
      robotId: SAVED_CALL_ROBOT_ID,
      presetId: null,
      notifyOnFinish: false,
      lastPolledAt: null,
      nextPollAt: null,
      watchUntil: null,
    });
  });

  test('a file from a newer Robot Tray is refused as that, whatever else it holds', () => {
    const newer = JSON.stringify({ format: 'robot-tray-call', version: 2, somethingNew: true });
    expect(parseSavedCall(newer)).toEqual({
      ok: false,
      foreign: false,
      problem: expect.stringMatching(
        /^was saved by a newer Robot Tray \(call file version 2; this one reads version 1\)\. Update Robot Tray/,
      ) as unknown,
    });
  });

  test('malformed files are refused naming why', () => {
    const good = JSON.parse(savedCallText(toSavedCall(local, at))) as Record<string, unknown>;
    const problem = (text: string) => {
      const parsed = parseSavedCall(text);
      return parsed.ok ? 'accepted' : parsed.problem;
    };
    expect(problem('{"format": ')).toMatch(/^is not JSON/);
    expect(problem('{"robots": []}')).toMatch(/^is not a call saved by Robot Tray/);
    expect(problem(JSON.stringify({ ...good, version: '1' }))).toMatch(/^has no valid format version/);
    expect(problem(JSON.stringify({ ...good, call: { ...(good['call'] as object), state: 'odd' } }))).toMatch(
      /^is damaged: call\.state: /,
    );
    expect(problem(JSON.stringify({ ...good, responseJson: '{"a":' }))).toBe(
      'is damaged: its response is not JSON data',
    );
    expect(problem(JSON.stringify(good))).toBe('accepted');
  });
});
