import { beforeEach, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import type { CallHistory } from '../../src/core/store/callHistory.ts';
import { responseStartOf } from '../../src/core/store/responseStart.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { historyConnections } from '../support/historyConnections.ts';
import { doneCall } from '../support/callRecords.ts';
import { answeredCall, storeFinishedCall } from '../support/storedCalls.ts';

const histories = historyConnections('robot-tray-start-');
let history: CallHistory;
beforeEach(() => {
  history = histories.open();
});

describe("the start of a call's response, read before the whole", () => {
  const long = JSON.stringify({ names: Array.from({ length: 2000 }, (_, i) => `ü🎉 name ${i}`) });

  test('a long response: its first characters (never half an emoji) and the size of the whole in bytes', () => {
    history.put(doneCall('long', { response: JSON.parse(long) as Call['response'] }));
    const start = history.responseStart('long', 100)!;
    expect(long.startsWith(start.text)).toBe(true);
    expect([...start.text]).toHaveLength(100);
    expect(start.bytes).toBe(Buffer.byteLength(long));
    expect(start.whole).toBe(false);
    expect(history.responseStart('long', 1_000_000)).toEqual({ text: long, bytes: start.bytes, whole: true });
  });

  test('the kept exact text is the one cut; no response is null; an unknown call is undefined', () => {
    const exact = '{"id":12345678901234567890}';
    history.put(doneCall('exact', { response: JSON.parse(exact) as Call['response'], responseText: exact }));
    expect(history.responseStart('exact', 10)).toEqual({ text: exact.slice(0, 10), bytes: 27, whole: false });
    history.put(doneCall('none'));
    expect(history.responseStart('none', 10)).toBeNull();
    expect(history.responseStart('nope', 10)).toBeUndefined();
  });

  test('a text in memory is cut the way SQLite cuts a stored one', () => {
    history.put(doneCall('long', { response: JSON.parse(long) as Call['response'] }));
    for (const chars of [1, 7, 8, 9, 100, 5000]) {
      expect(responseStartOf(long, chars)).toEqual(history.responseStart('long', chars));
    }
    expect(responseStartOf('', 5)).toEqual({ text: '', bytes: 0, whole: true });
  });

  test('AppCore finds the call by its webhookCallId too, and says when it does not know it', async () => {
    history.close();
    storeFinishedCall(histories.dir, answeredCall);
    const core = await AppCore.open({ dataDir: histories.dir });
    try {
      expect(core.callResponseStart('wh-1', 4)).toEqual({ text: '{"do', bytes: 10, whole: false });
      expect(core.callResponseStart('call-1', 64)).toEqual({ text: '{"done":1}', bytes: 10, whole: true });
      expect(() => core.callResponseStart('wh-none', 4)).toThrow(/Call "wh-none" was not found/);
    } finally {
      await core.close();
      history = histories.open();
    }
  });
});
