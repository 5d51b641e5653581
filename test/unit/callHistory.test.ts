import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { Call } from '../../src/shared/models/call.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { tempFolders } from '../support/tempFolders.ts';

const { tempDir } = tempFolders('robot-tray-store-');

function call(id: string, createdAt: number, state: Call['state'] = 'done', extra: Partial<Call> = {}): Call {
  return Call.parse({
    id,
    robotId: 'r1',
    robotName: 'Invoice bot',
    method: 'POST',
    args: { customer: `C-${id}` },
    state,
    webhookCallId: `wh-${id}`,
    createdAt,
    ...extra,
  });
}

describe('CallHistory', () => {
  test('upserts, finds by either id, filters by robot, state and text', async () => {
    const dir = await tempDir();
    const history = CallHistory.open(path.join(dir, 'h.sqlite'), new WarningLog());
    history.put(call('1', 1, 'waiting'));
    history.put(call('2', 2, 'done', { robotId: 'r2', response: { invoice: 'INV-777' } }));
    history.put(call('1', 1, 'done'));
    expect(history.get('1')?.state).toBe('done');
    expect(history.getByWebhookCallId('wh-2')?.id).toBe('2');
    expect(history.list({ robotId: 'r2' }).map((c) => c.id)).toEqual(['2']);
    expect(history.list({ states: ['done'] }).map((c) => c.id)).toEqual(['2', '1']);
    expect(history.list({ text: 'inv-777' }).map((c) => c.id)).toEqual(['2']);
    expect(history.list({ text: '100%_' })).toEqual([]);
    history.close();
  });

  test('prunes the oldest finished calls first and never an active one', async () => {
    const dir = await tempDir();
    const history = CallHistory.open(path.join(dir, 'h.sqlite'), new WarningLog());
    history.put(call('old-waiting', 0, 'waiting'));
    for (let i = 1; i <= 20; i++) history.put(call(`c${i}`, i));
    expect(history.prune(10, true)).toBe(11);
    const ids = history.list({ limit: 100 }).map((c) => c.id);
    expect(ids).toContain('old-waiting');
    expect(ids).toContain('c20');
    expect(ids).not.toContain('c10');
    expect(ids).toHaveLength(10);
    history.close();
  });

  test('a damaged history file is set aside and a new one started', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'h.sqlite');
    await writeFile(file, 'this is not a database, it is a plain text file that lost its way'.repeat(100));
    const warnings = new WarningLog();
    const history = CallHistory.open(file, warnings);
    history.put(call('1', 1));
    expect(history.count()).toBe(1);
    expect((await readdir(dir)).some((f) => f.startsWith('h.sqlite.corrupt-'))).toBe(true);
    expect(warnings.list()[0]?.message).toMatch(/could not be opened/);
    history.close();
  });
});
