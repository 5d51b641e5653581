import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { openIpcShell, type IpcShell } from '../support/ipcShell.ts';
import { storeFinishedCall } from '../support/storedCalls.ts';

/**
 * diffCalls through main's dispatch, as the window asks it: two runs of a
 * preset compared in main, the window handed the lines and never the
 * responses; whatever the window sends instead is refused by name.
 */
describe('diffCalls: two runs compared in main', () => {
  let dataDir: string;
  let shell: IpcShell;

  // A response of about a megabyte, and the same with two values changed far apart.
  const records = Array.from({ length: 8_000 }, (_, i) => ({ id: i, name: `customer ${i}`, tags: ['a', i] }));
  const before = { count: records.length, records };
  const after = structuredClone(before);
  after.records[3]!.name = 'customer three';
  after.records[7_000]!.tags = ['b'];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-ipc-diff-'));
    const run = (id: string, day: number, args: Call['args'], response: unknown) =>
      storeFinishedCall(dataDir, {
        id,
        robotId: 'robot-1',
        robotName: 'Reports',
        presetId: 'preset-1',
        presetName: 'Monthly report',
        webhookCallId: `wh-${id}`,
        createdAt: Date.UTC(2026, 0, day),
        args,
        response: response as Call['response'],
      });
    run('earlier', 1, { month: 1 }, before);
    run('latest', 2, { month: 2 }, after);
    storeFinishedCall(dataDir, {
      id: 'refused',
      robotId: 'robot-1',
      robotName: 'Reports',
      presetName: null,
      webhookCallId: 'wh-refused',
      state: 'failed',
      response: undefined,
    });
    shell = await openIpcShell({ dataDir });
  });
  afterAll(async () => {
    await shell?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('answers the differing paths of the arguments and the response, in their schema, and nothing else', async () => {
    const diff = await shell.value('diffCalls', { before: 'earlier', after: 'latest' });
    expect(diff).toEqual({
      args: { lines: [{ kind: 'changed', path: '$.month', before: '1', after: '2' }], truncated: false },
      response: {
        lines: [
          { kind: 'changed', path: '$.records[3].name', before: '"customer 3"', after: '"customer three"' },
          { kind: 'changed', path: '$.records[7000].tags[0]', before: '"a"', after: '"b"' },
          { kind: 'removed', path: '$.records[7000].tags[1]', before: '7000' },
        ],
        truncated: false,
      },
    });
    // The lines, not the megabyte of either response.
    expect(JSON.stringify(diff).length).toBeLessThan(1_000);
  });

  test('limit gives the first differences of each part and says there are more', async () => {
    const diff = await shell.value('diffCalls', { before: 'earlier', after: 'latest', limit: 1 });
    expect(diff).toMatchObject({ args: { truncated: false }, response: { truncated: true } });
    expect(diff.response.lines).toHaveLength(1);
  });

  test('a call with no response, or none at all, is a clear not-found; nothing else is answered', async () => {
    expect(await shell.refusal('diffCalls', { before: 'refused', after: 'latest' })).toEqual({
      kind: 'not-found',
      message: 'Call refused holds no response to compare with (it is failed). Compare it once it has one.',
    });
    expect(await shell.refusal('diffCalls', { before: 'earlier', after: 'forgotten-long-ago' })).toEqual({
      kind: 'not-found',
      message: expect.stringContaining('forgotten-long-ago'),
    });
  });

  test('a hostile request is refused naming the field, and the refusal is logged without its value', async () => {
    const hostile: Array<[unknown, string]> = [
      [{ before: 'earlier', after: 'latest', limit: 501 }, 'limit'],
      [{ before: 'earlier', after: 'latest', limit: 0.5 }, 'limit'],
      [{ before: 'earlier', after: 'latest', limit: '10' }, 'limit'],
      [{ before: '', after: 'latest' }, 'before'],
      [{ before: 'earlier', after: 'x'.repeat(201) }, 'after'],
      [{ before: { $gt: '' }, after: 'latest' }, 'before'],
      [{ before: 'earlier' }, 'after'],
      [{ before: 'earlier', after: 'latest', path: '/etc/passwd' }, 'path'],
      [JSON.parse('{"before":"earlier","after":"latest","__proto__":{"limit":1}}'), '__proto__'],
    ];
    for (const [payload, field] of hostile) {
      const error = await shell.refusal('diffCalls', payload);
      expect(error.kind).toBe('validation');
      expect(error.message).toMatch(/^Invalid diffCalls request: /);
      expect(error.message).toContain(field);
    }
    expect(shell.refusals).toHaveLength(hostile.length);
    expect(shell.refusals.join('\n')).not.toContain('xxxxxxxx');
    expect(shell.refusals.join('\n')).not.toContain('/etc/passwd');
  });
});
