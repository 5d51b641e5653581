import { ENDED_ROW_STATES, UNENDED_ROW_STATES } from '../../shared/models/rowStates.ts';
import { AppError } from '../errors.ts';
import type { BatchStore } from './batchStore.ts';
import type { BatchInfo, BatchRow, RowState } from './batchTypes.ts';

/** The rows "run again" takes when none are named: every row that ended other than done. */
const AGAIN_BY_DEFAULT: readonly RowState[] = ENDED_ROW_STATES.filter((state) => state !== 'done');

/**
 * The rows to run again: those named (each must have ended, or be pending
 * in a stopped batch, so no row is fired by two batches), else every row
 * that ended other than done.
 */
export function chosenRows(
  store: BatchStore,
  from: BatchInfo,
  numbers: readonly number[] | undefined,
): BatchRow[] {
  if (numbers === undefined) {
    const rows = store.rows(from.id, { states: AGAIN_BY_DEFAULT });
    if (rows.length === 0)
      throw new AppError(
        'validation',
        `No row of batch ${from.id} ended failed, unknown or otherwise not done; name the rows to run again.`,
      );
    return rows;
  }
  if (numbers.length === 0) throw new AppError('validation', 'rows: name at least one row to run again.');
  const wanted = new Set(numbers);
  const outside = [...wanted].filter((n) => !Number.isInteger(n) || n < 1 || n > from.total);
  if (outside.length > 0)
    throw new AppError(
      'validation',
      `rows: batch ${from.id} has rows 1 to ${from.total}; there is no row ${outside.slice(0, 5).join(', ')}.`,
    );
  const rows = store.rows(from.id).filter((row) => wanted.has(row.n));
  const unended = rows.filter(
    (row) => UNENDED_ROW_STATES.includes(row.state) && !(row.state === 'pending' && from.state === 'stopped'),
  );
  if (unended.length > 0)
    throw new AppError(
      'validation',
      `Row ${unended[0]!.n} of batch ${from.id} is ${unended[0]!.state}, so it may still be fired there; ` +
        'run again only rows that ended (or stop that batch first).',
    );
  return rows;
}
