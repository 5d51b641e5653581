import type { RowChange } from '../core/batch/batchRunner.ts';
import type { BatchInfo, RowState } from '../core/batch/batchTypes.ts';
import type { UsualRun } from '../shared/models/usualRun.ts';
import { formatElapsed } from './progress.ts';
import { terminalSafe } from './terminalText.ts';

const IN_FLIGHT: readonly RowState[] = ['firing', 'sending', 'waiting'];
const BAR_WIDTH = 20;

/**
 * A batch's progress on stderr: on a terminal one line redrawn (a bar, the
 * counts by state, rows per second and the time left), at most every 100 ms;
 * piped, one plain line per row that ended, for logs and scripts.
 */
export class BatchProgress {
  readonly #out: NodeJS.WriteStream;
  readonly #counts: Partial<Record<RowState, number>>;
  readonly #total: number;
  readonly #concurrency: number;
  readonly #usual: UsualRun | undefined;
  readonly #started = Date.now();
  #ended = 0;
  #drawnAt = 0;

  constructor(out: NodeJS.WriteStream, batch: BatchInfo, usual: UsualRun | undefined) {
    this.#out = out;
    this.#counts = { ...batch.counts };
    this.#total = batch.total;
    this.#concurrency = batch.concurrency;
    this.#usual = usual;
  }

  change = (change: RowChange): void => {
    this.#counts[change.from] = (this.#counts[change.from] ?? 1) - 1;
    this.#counts[change.to] = (this.#counts[change.to] ?? 0) + 1;
    const ended = change.to !== 'pending' && !IN_FLIGHT.includes(change.to);
    if (ended) this.#ended++;
    if (!this.#out.isTTY) {
      if (ended)
        this.#out.write(
          `row ${change.n}: ${change.to}${change.call ? ` (call ${change.call.id.slice(0, 8)})` : ''}\n`,
        );
      return;
    }
    const now = Date.now();
    if (now - this.#drawnAt < 100) return;
    this.#drawnAt = now;
    this.#out.write(`\r\x1b[K${terminalSafe(this.line(now))}`);
  };

  /** The line a terminal shows: bar, counts, rate and time left. */
  line(now: number): string {
    const done =
      this.#total - (this.#counts.pending ?? 0) - IN_FLIGHT.reduce((n, s) => n + (this.#counts[s] ?? 0), 0);
    const filled = this.#total === 0 ? BAR_WIDTH : Math.round((done / this.#total) * BAR_WIDTH);
    const counts = Object.entries(this.#counts)
      .filter(([, n]) => n !== undefined && n > 0)
      .map(([state, n]) => `${n} ${state}`)
      .join(' · ');
    const elapsed = now - this.#started;
    const rate = elapsed > 0 ? (this.#ended * 1000) / elapsed : 0;
    return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${this.#total} · ${counts} · ${rate.toFixed(1)} rows/s${this.#eta(rate)}`;
  }

  #eta(rate: number): string {
    const left = (this.#counts.pending ?? 0) + IN_FLIGHT.reduce((n, s) => n + (this.#counts[s] ?? 0), 0);
    if (left === 0) return '';
    // Until rows end, the robot's learned run time says how long a round of `concurrency` rows takes.
    if (this.#ended === 0 || rate === 0)
      return this.#usual === undefined
        ? ''
        : ` · about ${formatElapsed(Math.ceil(left / this.#concurrency) * this.#usual.highMs)} left`;
    return ` · about ${formatElapsed((left / rate) * 1000)} left`;
  }

  end(): void {
    if (this.#out.isTTY) this.#out.write(`\r\x1b[K${terminalSafe(this.line(Date.now()))}\n`);
  }
}
