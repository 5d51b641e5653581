import { type Clock, MAX_TIMER_DELAY_MS } from '../clock.ts';

type Entry = { key: string; at: number };

/**
 * One timer for every scheduled poll: a binary min-heap of (key, due time)
 * with the clock's timer armed for the earliest. Scheduling and cancelling
 * are O(log n); 5,000 waiting calls cost one timer, not 5,000.
 */
export class TimerHeap {
  readonly #heap: Entry[] = [];
  readonly #index = new Map<string, number>();
  readonly #clock: Clock;
  readonly #onDue: (keys: string[]) => void;
  #timer: unknown;
  #armedAt: number | undefined;

  constructor(clock: Clock, onDue: (keys: string[]) => void) {
    this.#clock = clock;
    this.#onDue = onDue;
  }

  has(key: string): boolean {
    return this.#index.has(key);
  }

  /** Schedule `key` at time `at`, replacing any earlier schedule for it. */
  schedule(key: string, at: number): void {
    this.#remove(key);
    const entry = { key, at };
    this.#heap.push(entry);
    this.#index.set(key, this.#heap.length - 1);
    this.#up(this.#heap.length - 1);
    this.#arm();
  }

  cancel(key: string): void {
    if (this.#remove(key)) this.#arm();
  }

  clear(): void {
    this.#heap.length = 0;
    this.#index.clear();
    this.#disarm();
  }

  #fire(): void {
    const armedFor = this.#armedAt;
    const early = this.#armedPastLimit;
    this.#timer = undefined;
    this.#armedAt = undefined;
    const now = this.#clock.now();
    // The timer ran as long as it was armed for, yet the clock reads earlier
    // than the time it was armed for: the clock was set back. What was due
    // then is due now, rather than a poll waiting out the jump. (A timer
    // armed past Node's limit wakes early on purpose; that is no jump.)
    const dueBy = !early && armedFor !== undefined && now < armedFor ? armedFor : now;
    const due: string[] = [];
    while (this.#heap.length > 0 && this.#heap[0]!.at <= dueBy) {
      const top = this.#heap[0]!;
      this.#remove(top.key);
      due.push(top.key);
    }
    this.#arm();
    if (due.length > 0) this.#onDue(due);
  }

  #arm(): void {
    const first = this.#heap[0];
    if (first === undefined) {
      this.#disarm();
      return;
    }
    if (this.#armedAt !== undefined && this.#armedAt <= first.at) return;
    this.#disarm();
    this.#armedAt = first.at;
    const delay = Math.max(0, first.at - this.#clock.now());
    this.#armedPastLimit = delay > MAX_TIMER_DELAY_MS;
    this.#timer = this.#clock.setTimer(() => this.#fire(), delay);
  }

  /** The armed delay was past what a Node timer holds, so the timer wakes early and is armed again. */
  #armedPastLimit = false;

  #disarm(): void {
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#armedAt = undefined;
  }

  #remove(key: string): boolean {
    const i = this.#index.get(key);
    if (i === undefined) return false;
    const last = this.#heap.pop()!;
    this.#index.delete(key);
    if (i < this.#heap.length) {
      this.#heap[i] = last;
      this.#index.set(last.key, i);
      this.#down(i);
      this.#up(i);
    }
    return true;
  }

  #up(i: number): void {
    const heap = this.#heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.at <= heap[i]!.at) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  #down(i: number): void {
    const heap = this.#heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < heap.length && heap[l]!.at < heap[smallest]!.at) smallest = l;
      if (r < heap.length && heap[r]!.at < heap[smallest]!.at) smallest = r;
      if (smallest === i) return;
      this.#swap(i, smallest);
      i = smallest;
    }
  }

  #swap(a: number, b: number): void {
    const heap = this.#heap;
    const ea = heap[a]!;
    const eb = heap[b]!;
    heap[a] = eb;
    heap[b] = ea;
    this.#index.set(eb.key, a);
    this.#index.set(ea.key, b);
  }
}
