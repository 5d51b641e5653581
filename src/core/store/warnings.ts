import type { Warning } from '../../shared/models/warning.ts';

/** Collects warnings (files set aside, rows skipped) for the window and the CLI to show. */
export class WarningLog {
  readonly #items: Warning[] = [];
  #seq = 0;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  add(source: string, message: string): Warning {
    const warning = { id: `w${++this.#seq}`, source, message, at: this.#now() };
    this.#items.push(warning);
    return warning;
  }

  list(): Warning[] {
    return [...this.#items];
  }

  dismiss(id: string): void {
    const i = this.#items.findIndex((w) => w.id === id);
    if (i >= 0) this.#items.splice(i, 1);
  }
}
