import { rowStates, type RowStateName } from '../models/rowStates.ts';

type Counts = Partial<Record<RowStateName, number>>;

/** A batch's rows by state in rowStates' order, the empty states left out: the window lists them. */
export function countsByState(counts: Counts): Array<[RowStateName, number]> {
  return rowStates.flatMap((state) => {
    const n = counts[state] ?? 0;
    return n > 0 ? [[state, n] as [RowStateName, number]] : [];
  });
}

/**
 * "2 waiting, 120 done, 3 failed": a batch's rows by state, as the CLI, the
 * tray's notifications and the CLI's progress line say them. Empty when
 * the batch has no rows.
 */
export function countsText(counts: Counts): string {
  return countsByState(counts)
    .map(([state, n]) => `${n.toString()} ${state}`)
    .join(', ');
}
