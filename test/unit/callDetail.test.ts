import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { type Call, callDetail } from '../../src/shared/models/call.ts';
import { addSandboxRobot } from '../support/coreHarness.ts';
import { historyConnections } from '../support/historyConnections.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { doneCall } from '../support/callRecords.ts';
import { answeredCall, storeFinishedCall } from '../support/storedCalls.ts';

/** Calls here carry an argument, to show the detail keeps them. */
const call = (id: string, extra: Partial<Call> = {}) => doneCall(id, { args: { a: 1 }, ...extra });

const histories = historyConnections('robot-tray-detail-');
let history: CallHistory;
beforeEach(() => {
  history = histories.open();
});

describe('a call as the window reads it: the response as JSON text', () => {
  test('the record comes without its response, and the response as the text stored', () => {
    const text = String.raw`{"ok":true,"odd":{"__proto__":"kept","a.b":[1,2.5,null]},"text":"ü 🎉 \"q\" \\ \n"}`;
    const stored = call('c1', { response: JSON.parse(text) as Call['response'] });
    history.put(stored);
    const detail = history.getDetail('c1');
    expect(detail).toBeDefined();
    expect(detail).not.toHaveProperty('response');
    expect(detail).not.toHaveProperty('responseText');
    expect(detail!.args).toEqual({ a: 1 });
    expect(detail!.responseJson).toBe(text);
    expect(Object.keys((JSON.parse(detail!.responseJson!) as { odd: object }).odd)).toEqual([
      '__proto__',
      'a.b',
    ]);
    expect(detail).toEqual(callDetail(history.get('c1')!));
  });

  test('a response kept as exact text is given as that text, every digit as the robot sent it', () => {
    const exact = '{"id":12345678901234567890,"price":0.1000000000000000055511151231257827}';
    history.put(call('c2', { response: JSON.parse(exact) as Call['response'], responseText: exact }));
    expect(history.getDetail('c2')!.responseJson).toBe(exact);
  });

  test('a call without a response has no response text; an unknown id is not found', () => {
    history.put(call('c3'));
    expect(history.getDetail('c3')).not.toHaveProperty('responseJson');
    expect(history.getDetail('nope')).toBeUndefined();
  });

  test('a null response is the text null, not a missing one', () => {
    history.put(call('c4', { response: null }));
    expect(history.getDetail('c4')!.responseJson).toBe('null');
  });

  test.each([
    ['a string', 'plain text answer', '"plain text answer"'],
    ['a number', 42.5, '42.5'],
    ['false', false, 'false'],
    ['an empty list', [], '[]'],
  ])('a response that is %s is given as its JSON text', (_name, response, text) => {
    history.put(call('scalar', { response: response as Call['response'] }));
    expect(history.getDetail('scalar')!.responseJson).toBe(text);
  });

  test('an exact text without a response, or one that is not text, is read the checked way', () => {
    const file = histories.file;
    history.put(call('lone', { responseText: '{"n":1}' }));
    expect(history.getDetail('lone')).not.toHaveProperty('responseJson');
    history.put(call('odd', { response: { n: 1 }, responseText: '{"n":1}' }));
    const db = new DatabaseSync(file);
    db.prepare("UPDATE calls SET data = json_set(data, '$.responseText', 5) WHERE id = 'odd'").run();
    db.close();
    const warnings = new WarningLog();
    const reopened = histories.open(file, warnings);
    expect(reopened.getDetail('odd')).toBeUndefined();
    expect(warnings.list()).toHaveLength(1);
    reopened.close();
  });

  test('a record SQLite cannot read as JSON is skipped with a warning, as the whole-record read does', () => {
    history.put(call('c5', { response: { fine: true } }));
    const db = new DatabaseSync(histories.file);
    db.prepare('UPDATE calls SET data = \'{"id":"c5", damaged\' WHERE id = \'c5\'').run();
    db.close();
    const warnings = new WarningLog();
    const reopened = histories.open(histories.file, warnings);
    expect(reopened.getDetail('c5')).toBeUndefined();
    expect(warnings.list().map((w) => w.message)).toContain(
      'A call in the history could not be read and was skipped.',
    );
    reopened.close();
  });
});

describe("AppCore's call detail", () => {
  test('finds a call by its webhookCallId too, with its response as text', async () => {
    storeFinishedCall(histories.dir, answeredCall);
    const core = await AppCore.open({ dataDir: histories.dir });
    try {
      expect(core.callDetail('wh-1')).toMatchObject({ id: 'call-1', responseJson: '{"done":1}' });
      expect(core.callDetail('call-1')).toMatchObject({ id: 'call-1', responseJson: '{"done":1}' });
      expect(() => core.callDetail('wh-none')).toThrow(/Call "wh-none" was not found/);
    } finally {
      await core.close();
    }
  });

  test('a call this process is watching is given as the tracker holds it, not as another process stored it', async () => {
    const sandbox = await startSandbox({ demoRobots: false, seed: 1 });
    // A unit test: the token in memory, not the system keychain.
    const core = await AppCore.open({ dataDir: histories.dir, secrets: memorySecrets() });
    try {
      const { robot } = await addSandboxRobot(core, sandbox, {
        name: 'held',
        flow: [{ type: 'wait', ms: 600_000 }, { type: 'finish' }],
      });
      const fired = await core.fire(robot.id, { method: 'POST', args: {} });
      expect(fired.state).toBe('waiting');
      storeFinishedCall(histories.dir, {
        id: fired.id,
        robotId: robot.id,
        robotName: 'Held',
        presetName: null,
        webhookCallId: fired.webhookCallId,
        response: { written: 'elsewhere' },
      });
      const detail = core.callDetail(fired.id);
      expect(detail.state).toBe('waiting');
      expect(detail).not.toHaveProperty('responseJson');
      core.stopCall(fired.id);
    } finally {
      await core.close();
      await sandbox.close();
    }
  });
});
