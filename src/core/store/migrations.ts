import type { DatabaseSync } from 'node:sqlite';

/**
 * Everything Robot Tray keeps is in one SQLite file (robot-tray.sqlite), and
 * its shape changes only here: one ordered list, each step run once, in its
 * own transaction, and counted in SQLite's user_version. A file at a version
 * past the last step was written by a newer Robot Tray and is never touched.
 *
 * Version 1:
 * - calls, keyed by an integer (`key`, SQLite's rowid: a new call is written
 *   at the end of the file, not at a random place in it) with the public id
 *   a unique column; `version` rises with every state write, the lease
 *   (`lease_holder`, `lease_until`) names the one process watching, `seq` is
 *   the change number of the last write, `bytes` what the call takes;
 *   `preset_id` and `run_ms` (accepted to finished, for a call done or
 *   failed) copy the record's, so a robot's or preset's run statistics are
 *   read from an index alone (calls_robot_runs, calls_preset_runs), by state
 *   and time, never a record;
 * - responses apart, keyed by their call's key, so lists never read them;
 * - `meta.seq`, the change counter every write takes its number from, and
 *   `notes`, the changes that leave no row to read: calls forgotten, and the
 *   catalog, settings and warnings changed (by kind);
 * - robots, presets, the last field values of each preset, the settings, the
 *   warnings, the watcher (the process watching the waiting calls, with a
 *   lease), the team catalog's last good copy, and records set aside because
 *   they could not be read;
 * - batches (one robot, one preset, many rows fired at a bounded
 *   concurrency) and their rows, one per input row, each with its state and
 *   the id of the call it fired: a row is marked before its trigger is sent,
 *   so a batch resumed after a crash never fires a row twice.
 */
const VERSION_1 = `
  CREATE TABLE calls (
    key INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    robot_id TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    webhook_call_id TEXT,
    search TEXT NOT NULL,
    data TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    seq INTEGER NOT NULL DEFAULT 0,
    writer TEXT,
    lease_holder TEXT,
    lease_until INTEGER NOT NULL DEFAULT 0,
    bytes INTEGER NOT NULL DEFAULT 0,
    preset_id TEXT,
    run_ms INTEGER
  );
  CREATE INDEX calls_created ON calls (created_at);
  CREATE INDEX calls_robot ON calls (robot_id, created_at);
  CREATE INDEX calls_robot_runs ON calls (robot_id, state, created_at, run_ms);
  CREATE INDEX calls_preset_runs ON calls (preset_id, state, created_at, run_ms);
  CREATE INDEX calls_state ON calls (state);
  CREATE INDEX calls_webhook ON calls (webhook_call_id);
  CREATE INDEX calls_seq ON calls (seq);
  CREATE TABLE responses (call_key INTEGER PRIMARY KEY, json TEXT NOT NULL, exact TEXT);
  CREATE TRIGGER calls_forget_response AFTER DELETE ON calls
    BEGIN DELETE FROM responses WHERE call_key = old.key; END;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  INSERT INTO meta (key, value) VALUES ('seq', 0);
  CREATE TABLE notes (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, ref TEXT, writer TEXT);
  CREATE INDEX notes_kind ON notes (kind, seq);
  CREATE TABLE viewed_calls (viewer TEXT PRIMARY KEY, call_id TEXT NOT NULL, until INTEGER NOT NULL);
  CREATE TABLE robots (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
  CREATE TABLE presets (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
  CREATE TABLE preset_values (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
  CREATE TABLE settings (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, data TEXT NOT NULL);
  CREATE TABLE warnings (
    key INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    message TEXT NOT NULL,
    at INTEGER NOT NULL,
    UNIQUE (source, message)
  );
  CREATE TABLE watcher (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    holder TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    until INTEGER NOT NULL
  );
  CREATE TABLE team_copy (source TEXT PRIMARY KEY, saved_at INTEGER NOT NULL, catalog TEXT NOT NULL);
  CREATE TABLE set_aside (
    key INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    reason TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE TABLE batches (
    key INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    robot_id TEXT NOT NULL,
    preset_id TEXT,
    state TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    runner_pid INTEGER,
    runner_host TEXT,
    data TEXT NOT NULL
  );
  CREATE TABLE batch_rows (
    batch_key INTEGER NOT NULL,
    n INTEGER NOT NULL,
    state TEXT NOT NULL,
    call_id TEXT,
    request TEXT NOT NULL,
    PRIMARY KEY (batch_key, n)
  ) WITHOUT ROWID;
  CREATE INDEX batch_rows_state ON batch_rows (batch_key, state);
`;

export type Migration = { version: number; what: string; up: (db: DatabaseSync) => void };

/** Every change to the file's shape, in order. A new step goes at the end, with the next version. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    what: 'calls and their responses, the change log, the catalog, settings, warnings, the watcher and batches',
    up: (db) => db.exec(VERSION_1),
  },
];

/** The version this Robot Tray writes: the last step's. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

export function userVersion(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/**
 * Run every step past the file's version, each in its own write transaction
 * (BEGIN IMMEDIATE: another process opening the file at the same moment
 * waits, then finds the step done and skips it). A step that fails rolls back
 * alone: the file stays at the version before it. Returns the version the
 * file is at, which is past SCHEMA_VERSION (and untouched) for a file a
 * newer Robot Tray wrote.
 */
export function migrate(db: DatabaseSync, steps: readonly Migration[] = MIGRATIONS): number {
  for (const step of steps) {
    db.exec('BEGIN IMMEDIATE');
    try {
      const now = userVersion(db);
      if (now >= step.version) {
        db.exec('COMMIT');
        continue;
      }
      step.up(db);
      db.exec(`PRAGMA user_version = ${step.version}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
  return userVersion(db);
}
