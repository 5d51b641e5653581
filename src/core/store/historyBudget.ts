import type { DatabaseSync } from 'node:sqlite';
import { activeStates } from '../../shared/models/call.ts';

const ACTIVE = activeStates.map((s) => `'${s}'`).join(', ');

/** The bytes all calls take, records and responses (counted once per write, never re-read). */
export function historyBytes(db: DatabaseSync): number {
  return (db.prepare('SELECT coalesce(sum(bytes), 0) AS n FROM calls').get() as { n: number }).n;
}

/**
 * Forget the oldest finished calls until at most `limit` remain and they
 * take at most `maxBytes`; calls being sent or watched are never pruned, even
 * when they alone are over budget. Run inside a write transaction.
 */
export function pruneHistory(db: DatabaseSync, limit: number, maxBytes: number): number {
  const { n, bytes } = db
    .prepare('SELECT count(*) AS n, coalesce(sum(bytes), 0) AS bytes FROM calls')
    .get() as { n: number; bytes: number };
  const overCount = Math.max(0, n - limit);
  let overBytes = Math.max(0, bytes - maxBytes);
  if (overCount === 0 && overBytes === 0) return 0;
  const oldest = db
    .prepare(`SELECT id, bytes FROM calls WHERE state NOT IN (${ACTIVE}) ORDER BY created_at ASC, id ASC`)
    .iterate() as Iterable<{ id: string; bytes: number }>;
  const ids: string[] = [];
  for (const row of oldest) {
    if (ids.length >= overCount && overBytes <= 0) break;
    ids.push(row.id);
    overBytes -= row.bytes;
  }
  const forget = db.prepare('DELETE FROM calls WHERE id = ?');
  for (const id of ids) forget.run(id);
  return ids.length;
}
