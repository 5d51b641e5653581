import type { DatabaseSync } from 'node:sqlite';
import type { FinishedRun } from '../tracker/runProfiles.ts';

/**
 * The run times of a robot's most recent finished calls (done or failed),
 * newest first: accepted to finished, read from the call records' fields by
 * SQLite (no record is parsed whole, and the responses table is never read).
 * Its robot index keeps this one short range scan.
 */
const SQL = `SELECT id, data ->> '$.presetId' AS preset,
    data ->> '$.acceptedAt' AS accepted, data ->> '$.finishedAt' AS finished
  FROM calls WHERE robot_id = ? AND state IN ('done', 'failed') AND json_valid(data)
  ORDER BY created_at DESC LIMIT ?`;

export function finishedRunsOf(db: DatabaseSync, robotId: string, limit: number): FinishedRun[] {
  const rows = db.prepare(SQL).all(robotId, limit) as Array<Record<string, unknown>>;
  const runs: FinishedRun[] = [];
  for (const row of rows) {
    const { id, preset, accepted, finished } = row;
    // A damaged or older record without the times is no run to learn from.
    if (typeof id !== 'string' || typeof accepted !== 'number' || typeof finished !== 'number') continue;
    runs.push({
      callId: id,
      robotId,
      presetId: typeof preset === 'string' ? preset : null,
      ms: finished - accepted,
    });
  }
  return runs;
}
