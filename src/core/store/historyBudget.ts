import type { DatabaseSync } from 'node:sqlite';
import { activeStates } from '../../shared/models/call.ts';
import type { Settings, SettingsPatch } from '../../shared/models/settings.ts';
import { historyBudgetProblem } from '../../shared/sentences/historyBudget.ts';
import { AppError } from '../errors.ts';
import { VIEWED_NOW } from './viewedCalls.ts';

const ACTIVE = activeStates.map((s) => `'${s}'`).join(', ');

/**
 * The finished calls a prune never removes, whatever the budget: the one
 * written last (the call that just ended, however large its answer) and
 * those a window shows now (viewedCalls.ts). Binds `now`.
 */
const KEPT = `SELECT id FROM (SELECT id FROM calls WHERE state NOT IN (${ACTIVE}) ORDER BY seq DESC LIMIT 1)
  UNION ALL ${VIEWED_NOW}`;

/** The bytes all calls take, records and responses (counted once per write, never re-read). */
export function historyBytes(db: DatabaseSync): number {
  return (db.prepare('SELECT coalesce(sum(bytes), 0) AS n FROM calls').get() as { n: number }).n;
}

/** What a full count of the history found, and this connection's own growth counters then. */
export type BudgetSeen = {
  /** PRAGMA data_version then: it moves when another connection commits. */
  dataVersion: number;
  rows: number;
  bytes: number;
  /** This connection's rows inserted and bytes written (SharedWrites.grown) then. */
  grownRows: number;
  grownBytes: number;
};

/**
 * Whether the history may now be over `limit` calls or `maxBytes` bytes, so
 * that counting it again is worth a scan of every row (milliseconds at
 * thousands of calls, once every 16 writes: a fifth of a poll's cost). It
 * cannot be over when no other connection committed since the count and
 * this connection's own writes since, each adding at most one row and its
 * own bytes, stay within what was left.
 */
export function budgetMayBeOver(
  seen: BudgetSeen | undefined,
  now: { dataVersion: number; grownRows: number; grownBytes: number },
  limit: number,
  maxBytes: number,
): boolean {
  if (seen === undefined || now.dataVersion !== seen.dataVersion) return true;
  const rows = seen.rows + (now.grownRows - seen.grownRows);
  const bytes = seen.bytes + (now.grownBytes - seen.grownBytes);
  return rows > limit || bytes > maxBytes;
}

/**
 * The oldest finished calls to forget so that at most `limit` remain and
 * they take at most `maxBytes`; calls being sent or watched are never among
 * them, nor the finished calls KEPT names at `now`, even when they alone are
 * over budget. Run inside the write transaction that forgets them
 * (SharedWrites.forget, which also logs each as forgotten so other processes
 * drop it). Returns the ids, and the count and bytes found before.
 */
export function overBudget(
  db: DatabaseSync,
  limit: number,
  maxBytes: number,
  now: number,
): { ids: string[]; rows: number; bytes: number } {
  const { n, bytes } = db
    .prepare('SELECT count(*) AS n, coalesce(sum(bytes), 0) AS bytes FROM calls')
    .get() as { n: number; bytes: number };
  const overCount = Math.max(0, n - limit);
  let overBytes = Math.max(0, bytes - maxBytes);
  if (overCount === 0 && overBytes === 0) return { ids: [], rows: n, bytes };
  const oldest = db
    .prepare(
      `SELECT id, bytes FROM calls WHERE state NOT IN (${ACTIVE}) AND id NOT IN (${KEPT})
       ORDER BY created_at ASC, id ASC`,
    )
    .iterate(now) as Iterable<{ id: string; bytes: number }>;
  const ids: string[] = [];
  for (const row of oldest) {
    if (ids.length >= overCount && overBytes <= 0) break;
    ids.push(row.id);
    overBytes -= row.bytes;
  }
  return { ids, rows: n, bytes };
}

/**
 * Refuse settings whose history size is below the largest response read,
 * when `patch` changes either (a pair stored before this rule stays usable
 * until one of them is changed).
 */
export function checkHistoryBudget(
  next: Settings,
  patch: Pick<SettingsPatch, 'historyMaxBytes' | 'http'>,
): void {
  if (patch.historyMaxBytes === undefined && patch.http?.queryResponseCapBytes === undefined) return;
  const problem = historyBudgetProblem(next.historyMaxBytes, next.http.queryResponseCapBytes);
  if (problem !== undefined) throw new AppError('validation', problem);
}
