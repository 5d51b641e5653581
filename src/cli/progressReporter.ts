import { terminalSafe } from './terminalText.ts';
import type { Call } from '../shared/models/call.ts';
import { progressKey, progressLine, progressView } from './progress.ts';

export type ProgressStream = { isTTY?: boolean; write(text: string): unknown };

const CLEAR_LINE = '\r\x1b[2K';
/** How often a live line on a terminal redraws, so the elapsed time moves. */
const TICK_MS = 200;

/**
 * Progress of a call being waited on, on stderr so stdout stays the result.
 * On a terminal one live line is redrawn in place; otherwise (a pipe, a log
 * file, CI) a plain line is written per state, poll or failure change.
 */
export class ProgressReporter {
  readonly #stream: ProgressStream;
  readonly #now: () => number;
  readonly #live: boolean;
  #call: Call | undefined;
  #lastKey = '';
  #ticker: ReturnType<typeof setInterval> | undefined;

  constructor(stream: ProgressStream, now: () => number = Date.now) {
    this.#stream = stream;
    this.#now = now;
    this.#live = stream.isTTY === true;
  }

  update(call: Call): void {
    this.#call = call;
    if (this.#live) {
      this.#draw();
      this.#ticker ??= setInterval(() => this.#draw(), TICK_MS);
      this.#ticker.unref();
      return;
    }
    const view = progressView(call, this.#now());
    const key = progressKey(view);
    if (key === this.#lastKey) return;
    this.#lastKey = key;
    this.#stream.write(terminalSafe(progressLine(view)) + '\n');
  }

  /** Leaves the last line standing (the final state) and stops redrawing. */
  end(call: Call | undefined = this.#call): void {
    if (this.#ticker !== undefined) clearInterval(this.#ticker);
    this.#ticker = undefined;
    if (call === undefined) return;
    if (this.#live) {
      this.#call = call;
      this.#draw();
      this.#stream.write('\n');
    } else {
      this.update(call);
    }
  }

  #draw(): void {
    if (this.#call === undefined) return;
    this.#stream.write(CLEAR_LINE + terminalSafe(progressLine(progressView(this.#call, this.#now()))));
  }
}
