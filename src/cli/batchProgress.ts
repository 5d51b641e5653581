import { BatchMeter } from '../core/batch/batchMeter.ts';
import type { RowChange } from '../core/batch/batchRunner.ts';
import type { BatchInfo } from '../core/batch/batchTypes.ts';
import type { UsualRun } from '../shared/models/usualRun.ts';
import { countsText } from '../shared/sentences/batchCounts.ts';
import { formatElapsed } from './progress.ts';
import { terminalSafe } from './terminalText.ts';

const BAR_WIDTH = 20;

/**
 * A batch's progress on stderr: on a terminal one line redrawn (a bar, the
 * counts by state, rows per second and the time left), at most every 100 ms;
 * piped, one plain line per row that ended, for logs and scripts.
 */
export class BatchProgress {
  readonly #out: NodeJS.WriteStream;
  readonly #meter: BatchMeter;
  readonly #total: number;
  #drawnAt = 0;

  constructor(out: NodeJS.WriteStream, batch: BatchInfo, usual: UsualRun | undefined) {
    this.#out = out;
    this.#meter = new BatchMeter(batch, usual?.highMs, Date.now());
    this.#total = batch.total;
  }

  change = (change: RowChange): void => {
    const ended = this.#meter.change(change);
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
    const { ended, left, perSecond, etaMs } = this.#meter.pace(now);
    const filled = this.#total === 0 ? BAR_WIDTH : Math.round((ended / this.#total) * BAR_WIDTH);
    const eta = left === 0 || etaMs === null ? '' : ` · about ${formatElapsed(etaMs)} left`;
    return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${ended}/${this.#total} · ${countsText(this.#meter.counts)} · ${perSecond.toFixed(1)} rows/s${eta}`;
  }

  end(): void {
    if (this.#out.isTTY) this.#out.write(`\r\x1b[K${terminalSafe(this.line(Date.now()))}\n`);
  }
}
