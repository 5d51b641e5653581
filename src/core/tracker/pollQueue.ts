import type { Clock } from '../clock.ts';
import { TimerHeap } from './timerHeap.ts';

/**
 * When and in what order polls run. Due polls wait in one queue per robot and
 * are taken round-robin across robots, under a global cap on queries in
 * flight: a robot with 1,000 waiting calls cannot starve one with a single
 * call. One robot holds at most half the cap at once, so a robot whose
 * service trickles its answers cannot take every slot from the others.
 */
export class PollQueue {
  readonly #heap: TimerHeap;
  readonly #robotOf = new Map<string, string>();
  readonly #ready = new Map<string, string[]>();
  /** Robots with due polls, in round-robin order. */
  readonly #turns: string[] = [];
  readonly #cap: () => number;
  readonly #run: (key: string) => Promise<void>;
  #inFlight = 0;
  readonly #inFlightBy = new Map<string, number>();
  #idleWaiters: Array<() => void> = [];

  constructor(clock: Clock, cap: () => number, run: (key: string) => Promise<void>) {
    this.#heap = new TimerHeap(clock, (keys) => this.#due(keys));
    this.#cap = cap;
    this.#run = run;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  schedule(key: string, robotId: string, at: number): void {
    this.#robotOf.set(key, robotId);
    this.#heap.schedule(key, at);
  }

  cancel(key: string): void {
    this.#heap.cancel(key);
    this.#robotOf.delete(key);
    // A key already due stays in its ready list; the runner ignores it when
    // the call is no longer being watched.
  }

  clear(): void {
    this.#heap.clear();
    this.#ready.clear();
    this.#turns.length = 0;
    this.#robotOf.clear();
  }

  /** Resolves once no poll is running. */
  idle(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #due(keys: string[]): void {
    for (const key of keys) {
      const robotId = this.#robotOf.get(key);
      if (robotId === undefined) continue;
      let list = this.#ready.get(robotId);
      if (list === undefined) {
        list = [];
        this.#ready.set(robotId, list);
        this.#turns.push(robotId);
      }
      list.push(key);
    }
    this.#pump();
  }

  #pump(): void {
    const perRobot = Math.max(1, Math.floor(this.#cap() / 2));
    // Each pass offers every waiting robot one turn; a robot at its share is skipped, not dropped.
    let skipped = 0;
    while (this.#inFlight < this.#cap() && this.#turns.length > skipped) {
      const robotId = this.#turns.shift()!;
      if ((this.#inFlightBy.get(robotId) ?? 0) >= perRobot) {
        this.#turns.push(robotId);
        skipped++;
        continue;
      }
      skipped = 0;
      const list = this.#ready.get(robotId)!;
      const key = list.shift()!;
      if (list.length > 0) this.#turns.push(robotId);
      else this.#ready.delete(robotId);
      this.#start(key, robotId);
    }
  }

  #start(key: string, robotId: string): void {
    this.#inFlight++;
    this.#inFlightBy.set(robotId, (this.#inFlightBy.get(robotId) ?? 0) + 1);
    void this.#run(key)
      .catch(() => undefined)
      .finally(() => {
        this.#inFlight--;
        const left = (this.#inFlightBy.get(robotId) ?? 1) - 1;
        if (left > 0) this.#inFlightBy.set(robotId, left);
        else this.#inFlightBy.delete(robotId);
        this.#pump();
        if (this.#inFlight === 0) {
          const waiters = this.#idleWaiters;
          this.#idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
  }
}
