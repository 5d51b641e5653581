import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { searchText } from '../../src/core/store/callQueries.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { Call } from '../../src/shared/models/call.ts';

/** A history as Robot Tray wrote it before responses moved to their own table (schema 1). */
const V1 = `CREATE TABLE calls (
    id TEXT PRIMARY KEY, robot_id TEXT NOT NULL, state TEXT NOT NULL, created_at INTEGER NOT NULL,
    webhook_call_id TEXT, search TEXT NOT NULL, data TEXT NOT NULL);
  CREATE INDEX calls_created ON calls (created_at);
  CREATE INDEX calls_robot ON calls (robot_id, created_at);
  CREATE INDEX calls_state ON calls (state);
  CREATE INDEX calls_webhook ON calls (webhook_call_id);
  PRAGMA user_version = 1;`;

const v1Call = (id: string, extra: Partial<Call>) =>
  Call.parse({
    id,
    robotId: 'r1',
    robotName: 'Bot',
    method: 'POST',
    args: { n: 1 },
    state: 'done',
    createdAt: 1,
    ...extra,
  });

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-upgrade-'));
  file = path.join(dir, 'history.sqlite');
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(V1);
  const insert = db.prepare('INSERT INTO calls VALUES (?, ?, ?, ?, ?, ?, ?)');
  const exact = '{"entry":98765432109876543210}';
  const rows = [
    v1Call('plain', { createdAt: 1 }),
    v1Call('answered', { createdAt: 2, response: { invoice: 'INV-9' }, webhookCallId: 'wh-a' }),
    v1Call('exact', { createdAt: 3, response: JSON.parse(exact) as Call['response'], responseText: exact }),
    v1Call('waiting', { createdAt: 4, state: 'waiting', webhookCallId: 'wh-w' }),
  ];
  for (const c of rows) {
    insert.run(c.id, c.robotId, c.state, c.createdAt, c.webhookCallId, searchText(c), JSON.stringify(c));
  }
  insert.run('damaged', 'r1', 'done', 5, null, '', '{"not json');
  db.close();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('a version 1 history is upgraded in place: every call kept, responses moved apart, sizes counted', () => {
  const warnings = new WarningLog();
  const history = CallHistory.open(file, warnings);
  try {
    expect(history.list({ limit: 10 }).map((c) => [c.id, c.hasResponse])).toEqual([
      ['waiting', false],
      ['exact', true],
      ['answered', true],
      ['plain', false],
    ]);
    expect(history.get('answered')?.response).toEqual({ invoice: 'INV-9' });
    expect(history.getDetail('exact')?.responseJson).toBe('{"entry":98765432109876543210}');
    expect(history.getDetail('answered')?.responseJson).toBe('{"invoice":"INV-9"}');
    expect(history.list({ text: 'inv-9' }).map((c) => c.id)).toEqual(['answered']);
    expect(history.bytes()).toBeGreaterThan(0);
    // The old waiting call has no lease: a watching app adopts it.
    expect(history.writes.adoptable(new Map(), 10)).toEqual([{ id: 'waiting', state: 'waiting' }]);
    // Written again, it is a version 2 write like any other.
    expect(history.commit(v1Call('answered', { state: 'done', pollCount: 2 }), 1, 0).written).toBe(true);
    // The damaged record is kept as it was, skipped on reading with a warning.
    expect(warnings.list().map((w) => w.message)).toEqual([
      'A call in the history could not be read and was skipped.',
    ]);
  } finally {
    history.close();
  }
  const db = new DatabaseSync(file, { readOnly: true });
  expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 2 });
  const stored = db.prepare("SELECT data FROM calls WHERE id = 'exact'").get() as { data: string };
  expect(stored.data).not.toContain('responseText');
  expect(stored.data).not.toContain('98765432109876543210');
  expect(db.prepare("SELECT data FROM calls WHERE id = 'damaged'").get()).toEqual({ data: '{"not json' });
  db.close();
  // Opened again: nothing left to upgrade, nothing changed.
  const again = CallHistory.open(file, new WarningLog());
  expect(again.get('exact')?.responseText).toBe('{"entry":98765432109876543210}');
  again.close();
});
