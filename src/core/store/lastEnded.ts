import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { activeStates, callStates } from '../../shared/models/call.ts';
import type { PresetRunNote } from '../../shared/models/runStats.ts';

/** How a preset's most recent call that ended, ended, and when (null: it has none). */
export type LastEnded = PresetRunNote['last'];

const ENDED = callStates.filter((s) => !activeStates.includes(s));

/**
 * The most recent ended call of a preset, read from calls_preset_runs: the
 * newest of each ended state is the last entry of its (preset, state) range,
 * one index seek each, so the tray asks it at every rebuild whatever the
 * preset's history weighs.
 */
export function lastEndedReader(db: DatabaseSync): (presetId: string) => LastEnded {
  const newest: StatementSync = db.prepare(
    ENDED.map(
      () =>
        '(SELECT created_at FROM calls WHERE preset_id = ? AND state = ? ORDER BY created_at DESC LIMIT 1)',
    )
      .map((sub, i) => `SELECT ${i.toString()} AS s, ${sub} AS at`)
      .join(' UNION ALL '),
  );
  const row = db.prepare(
    `SELECT data ->> '$.finishedAt' AS finished FROM calls
     WHERE preset_id = ? AND state = ? AND created_at = ? AND json_valid(data) LIMIT 1`,
  );
  return (presetId) => {
    const found = (
      newest.all(...ENDED.flatMap((s) => [presetId, s])) as Array<{ s: number; at: number | null }>
    )
      .filter((r): r is { s: number; at: number } => r.at !== null)
      .sort((a, b) => b.at - a.at)[0];
    if (found === undefined) return null;
    const state = ENDED[found.s]!;
    const finished = (row.get(presetId, state, found.at) as { finished: unknown } | undefined)?.finished;
    return { state, at: typeof finished === 'number' ? finished : found.at };
  };
}
