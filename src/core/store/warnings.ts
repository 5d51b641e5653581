import type { Warning } from '../../shared/models/warning.ts';

/** Collects warnings (files set aside, rows skipped) for the window and the CLI to show. */
export class WarningLog {
  readonly #items: Warning[] = [];
  #seq = 0;
  readonly #now: () => number;
  readonly #listeners = new Set<(warning: Warning) => void>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  add(source: string, message: string): Warning {
    const warning = { id: `w${++this.#seq}`, source, message, at: this.#now() };
    this.#items.push(warning);
    // A new warning is announced so the window shows it without asking.
    for (const listener of this.#listeners) listener(warning);
    return warning;
  }

  subscribe(listener: (warning: Warning) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  list(): Warning[] {
    return [...this.#items];
  }

  dismiss(id: string): void {
    const i = this.#items.findIndex((w) => w.id === id);
    if (i >= 0) this.#items.splice(i, 1);
  }
}
