import type { Call } from '../../shared/models/call.ts';

export type CallListener = (changed: Call[]) => void;

/**
 * Call changes told to subscribers once per tick: a call that changed twice
 * within a tick is told once, in its latest form, so a burst of polls costs
 * one event.
 */
export class ChangeBatcher {
  readonly #listeners = new Set<CallListener>();
  #pending = new Map<string, Call>();
  #scheduled = false;

  subscribe(listener: CallListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  add(call: Call): void {
    this.#pending.set(call.id, call);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Tell every pending change now (also at close, so the last ones are not lost). */
  flush(): void {
    this.#scheduled = false;
    if (this.#pending.size === 0) return;
    const changed = [...this.#pending.values()];
    this.#pending = new Map();
    for (const listener of this.#listeners) {
      try {
        listener(changed);
      } catch {
        // One failing listener (a closed window) must not stop the others.
      }
    }
  }
}
