import { isEnded, rowsIn, UNENDED_ROW_STATES } from '../../shared/models/rowStates.ts';
import type { RowChange } from './batchRunner.ts';
import type { BatchInfo, RowState } from './batchTypes.ts';

/** Where a batch stands: rows ended, rows left, rows ended per second, time left (null: not known yet). */
export type BatchPace = { ended: number; left: number; perSecond: number; etaMs: number | null };

/**
 * Counts a running batch's rows by state as they change, and its pace: the
 * rate rows end at in this run, and the time left from it; until a row has
 * ended, from the robot's learned run time (a round of `concurrency` rows
 * takes about its usual longest run). The CLI's progress line and the
 * app's progress events both read it.
 */
export class BatchMeter {
  readonly counts: Partial<Record<RowState, number>>;
  readonly #total: number;
  readonly #concurrency: number;
  readonly #usualMs: number | undefined;
  readonly #started: number;
  #endedHere = 0;

  constructor(batch: BatchInfo, usualMs: number | undefined, now: number) {
    this.counts = { ...batch.counts };
    this.#total = batch.total;
    this.#concurrency = batch.concurrency;
    this.#usualMs = usualMs;
    this.#started = now;
  }

  /** Take a row's change; true when the row ended with it. */
  change(change: RowChange): boolean {
    this.counts[change.from] = Math.max(0, (this.counts[change.from] ?? 1) - 1);
    this.counts[change.to] = (this.counts[change.to] ?? 0) + 1;
    const ended = isEnded(change.to);
    if (ended) this.#endedHere++;
    return ended;
  }

  pace(now: number): BatchPace {
    const left = rowsIn(this.counts, UNENDED_ROW_STATES);
    const elapsed = now - this.#started;
    const perSecond = elapsed > 0 ? (this.#endedHere * 1000) / elapsed : 0;
    let etaMs: number | null = null;
    if (left === 0) etaMs = 0;
    else if (this.#endedHere > 0 && perSecond > 0) etaMs = (left / perSecond) * 1000;
    else if (this.#usualMs !== undefined) etaMs = Math.ceil(left / this.#concurrency) * this.#usualMs;
    return { ended: this.#total - left, left, perSecond, etaMs };
  }
}
