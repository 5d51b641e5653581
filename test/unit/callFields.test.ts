import { describe, expect, test } from 'vitest';
import { callFieldsPass, timelineEntryPasses } from '../../src/core/store/callFields.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import { Call, TimelineEntry } from '../../src/shared/models/call.ts';

/**
 * The history's quick test of a record's fields stands in for the schema
 * only when it is never looser: every record it passes, the schema (which
 * the read path uses) passes too. Each field is altered in turn to values a
 * bug could leave there.
 */
const robot = { id: 'r1', name: 'Bot' } as Parameters<typeof newCall>[0];
const sending = newCall(robot, { method: 'POST', args: { n: 1 } }, 'c1', 1_000, 'http://127.0.0.1/x');
const full: Call = {
  ...sending,
  presetId: 'p1',
  presetName: 'Daily',
  state: 'failed',
  webhookCallId: 'w-1',
  origin: 'http://127.0.0.1',
  basePath: '/',
  response: { ok: false },
  responseText: '{"ok":false}',
  rawStatus: 'FAILED',
  warning: 'careful',
  error: { kind: 'http', message: 'no', status: 500, count: 2, at: 2_000 },
  notifyOnFinish: true,
  acceptedAt: 1_100,
  lastPolledAt: 1_900,
  nextPollAt: 2_500,
  finishedAt: 2_000,
  watchUntil: 9_000,
  pollCount: 3,
  timeline: [
    { at: 1_000, state: 'sending' },
    { at: 2_000, state: 'failed', note: 'FAILED' },
  ],
};

const odd: unknown[] = [
  undefined,
  null,
  '',
  'x',
  'bogus',
  'POST',
  'done',
  'http',
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  true,
  {},
  [],
  { kind: 'http', message: 'm', count: 0, at: 1 },
  { kind: 'http', message: 'm', count: 1, at: Number.NaN },
  { kind: 'nope', message: 'm', count: 1, at: 1 },
  { kind: 'http', message: 'm', at: 1 },
  { kind: 'http', message: 'm', count: 1, at: 1, status: '500' },
];

describe('the quick test of a call record', () => {
  test('passes the records the core builds, so they skip the schema', () => {
    expect(callFieldsPass(sending)).toBe(true);
    expect(callFieldsPass(full)).toBe(true);
    expect(Call.safeParse(full).success).toBe(true);
    for (const entry of full.timeline) expect(timelineEntryPasses(entry)).toBe(true);
  });

  test('never passes a record the schema refuses, whatever field is wrong', () => {
    let refused = 0;
    for (const key of Object.keys(full)) {
      if (key === 'args' || key === 'response' || key === 'timeline') continue;
      for (const value of odd) {
        const altered = { ...full, [key]: value };
        if (value === undefined) delete (altered as Record<string, unknown>)[key];
        const schema = Call.safeParse(altered).success;
        if (callFieldsPass(altered)) expect(schema, `${key} = ${String(value)}`).toBe(true);
        if (!schema) refused++;
      }
    }
    // The alterations do reach the schema's refusals (the test is not vacuous).
    expect(refused).toBeGreaterThan(300);
    for (const value of odd) {
      expect(callFieldsPass(value)).toBe(false);
      for (const key of ['kind', 'message', 'status', 'count', 'at']) {
        const altered = { ...full, error: { ...full.error, [key]: value } };
        if (callFieldsPass(altered)) expect(Call.safeParse(altered).success, `error.${key}`).toBe(true);
      }
    }
  });

  test('never passes a timeline entry the schema refuses', () => {
    const entry = { at: 1, state: 'done', note: 'n' };
    expect(timelineEntryPasses(entry)).toBe(true);
    for (const key of ['at', 'state', 'note'])
      for (const value of odd) {
        const altered = { ...entry, [key]: value };
        if (timelineEntryPasses(altered))
          expect(TimelineEntry.safeParse(altered).success, `${key} = ${String(value)}`).toBe(true);
      }
    for (const value of odd)
      if (timelineEntryPasses(value)) expect(TimelineEntry.safeParse(value).success).toBe(true);
  });

  test('a record the core builds is the one the schema makes of it, field for field and in order', () => {
    expect(JSON.stringify(sending)).toBe(JSON.stringify(Call.parse(sending)));
    const preset = newCall(
      robot,
      { method: 'GET', args: { q: 'x' }, presetId: 'p', presetName: 'P', notifyOnFinish: true },
      'c2',
      5,
      null,
      { origin: 'http://127.0.0.1:1', basePath: '/b' },
    );
    expect(JSON.stringify(preset)).toBe(JSON.stringify(Call.parse(preset)));
  });
});
