import type { DatabaseSync } from 'node:sqlite';
import { FORGOTTEN_TABLE } from './forgottenLog.ts';
import { VIEWED_TABLE } from './viewedCalls.ts';

/**
 * The history's tables. Version 2 (from version 1, upgraded in place):
 * - a response lives in `responses`, which lists and searches never read, so
 *   listing 200 calls costs the same whatever their answers weigh;
 * - `bytes` is what a call takes (record and response), for the byte budget;
 * - `version` rises with every state write, so a process holding an older
 *   copy cannot overwrite a newer state unseen;
 * - `lease_holder`/`lease_until`: the one process watching the call, until
 *   its lease lapses (it died, or stalled);
 * - `seq` and `writer`: a change log. Every write takes the next number from
 *   `meta.seq`, so every process reads what changed since it last looked.
 */
export const SCHEMA_VERSION = 2;

const CALLS_V1 = `CREATE TABLE IF NOT EXISTS calls (
    id TEXT PRIMARY KEY,
    robot_id TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    webhook_call_id TEXT,
    search TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS calls_created ON calls (created_at);
  CREATE INDEX IF NOT EXISTS calls_robot ON calls (robot_id, created_at);
  CREATE INDEX IF NOT EXISTS calls_state ON calls (state);
  CREATE INDEX IF NOT EXISTS calls_webhook ON calls (webhook_call_id);`;

const V2_COLUMNS = [
  'version INTEGER NOT NULL DEFAULT 1',
  'seq INTEGER NOT NULL DEFAULT 0',
  'writer TEXT',
  'lease_holder TEXT',
  'lease_until INTEGER NOT NULL DEFAULT 0',
  'bytes INTEGER NOT NULL DEFAULT 0',
];

const V2_TABLES = `CREATE TABLE IF NOT EXISTS responses (
    call_id TEXT PRIMARY KEY,
    json TEXT NOT NULL,
    exact TEXT
  );
  CREATE TRIGGER IF NOT EXISTS calls_forget_response AFTER DELETE ON calls
    BEGIN DELETE FROM responses WHERE call_id = old.id; END;
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  INSERT OR IGNORE INTO meta (key, value) VALUES ('seq', 0);
  CREATE INDEX IF NOT EXISTS calls_seq ON calls (seq);`;

/**
 * A v1 history's responses move to their own table (only records SQLite can
 * read as JSON; a damaged one stays as it was and is skipped when read, as
 * before), and each call's size is counted once.
 */
const MOVE_RESPONSES = `INSERT OR REPLACE INTO responses (call_id, json, exact)
    SELECT id, data -> '$.response', data ->> '$.responseText' FROM calls
    WHERE json_valid(data) AND json_type(data, '$.response') IS NOT NULL;
  UPDATE calls SET data = json_remove(data, '$.response', '$.responseText') WHERE json_valid(data);
  UPDATE calls SET bytes = length(CAST(data AS BLOB)) + length(CAST(search AS BLOB)) + coalesce(
    (SELECT length(CAST(json AS BLOB)) + coalesce(length(CAST(exact AS BLOB)), 0)
     FROM responses WHERE call_id = calls.id), 0);`;

/**
 * Create the tables (a new file) or upgrade a version 1 history, in one
 * transaction: another process opening the file at the same moment waits,
 * then finds it upgraded. Returns the version found once the file was ours
 * (a newer one is left untouched for the caller to refuse).
 */
export function createOrUpgrade(db: DatabaseSync): number {
  db.exec('BEGIN IMMEDIATE');
  try {
    const now = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (now >= SCHEMA_VERSION) {
      // The log of forgotten calls and the calls shown came after version 2
      // without changing it (forgottenLog.ts, viewedCalls.ts).
      if (now === SCHEMA_VERSION) db.exec(`${FORGOTTEN_TABLE}; ${VIEWED_TABLE}`);
      db.exec('COMMIT');
      return now;
    }
    if (now === 0) db.exec(CALLS_V1);
    const columns = new Set(
      (db.prepare('PRAGMA table_info(calls)').all() as Array<{ name: string }>).map((c) => c.name),
    );
    for (const column of V2_COLUMNS) {
      if (!columns.has(column.split(' ')[0]!)) db.exec(`ALTER TABLE calls ADD COLUMN ${column}`);
    }
    db.exec(V2_TABLES);
    db.exec(FORGOTTEN_TABLE);
    db.exec(VIEWED_TABLE);
    db.exec(MOVE_RESPONSES);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec('COMMIT');
    return SCHEMA_VERSION;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
