import { activeStates, callStates } from './callStates.ts';

/**
 * A batch row's states: pending (not fired yet), firing, then its call's
 * state (core/batch/batchTypes.ts tells a row's life). Kept free of zod,
 * like callStates, so the CLI's command tree can name them. Counts are
 * shown in this order: still to come first, then done, then the other ends.
 */
export const rowStates = ['pending', 'firing', ...callStates] as const;
export type RowStateName = (typeof rowStates)[number];

/** The rows that have not ended: waiting to be fired or in flight. */
export const UNENDED_ROW_STATES: readonly RowStateName[] = ['pending', 'firing', ...activeStates];

/** A row's end: neither waiting to be fired nor in flight. */
export function isEnded(state: RowStateName): boolean {
  return !UNENDED_ROW_STATES.includes(state);
}

/** The states a row can end in, done among them. */
export const ENDED_ROW_STATES: readonly RowStateName[] = rowStates.filter(isEnded);

/** How many rows of a batch's counts by state are in one of these states: rowsIn(counts, ENDED_ROW_STATES). */
export function rowsIn(
  counts: Partial<Record<RowStateName, number>>,
  states: readonly RowStateName[],
): number {
  return states.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}
