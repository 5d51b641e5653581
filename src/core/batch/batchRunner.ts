import type { Call } from '../../shared/models/call.ts';
import type { FieldValues } from '../../shared/models/presetFields.ts';
import { isEnded } from '../../shared/models/rowStates.ts';
import { asAppError } from '../errors.ts';
import { OriginRate } from '../tracker/originRate.ts';
import { fireRequestOf } from './batchPlan.ts';
import type { BatchStore } from './batchStore.ts';
import type { BatchInfo, BatchRow, RowState } from './batchTypes.ts';

/** What a runner needs of the core: firing with a chosen call id, reading and watching calls, hearing their changes. */
export type RunnerDeps = {
  store: BatchStore;
  fire: (request: ReturnType<typeof fireRequestOf>, callId: string) => Promise<Call>;
  findCall: (id: string) => Call | undefined;
  watch: (id: string) => Call;
  subscribe: (listener: (calls: readonly Call[]) => void) => () => void;
  newId: () => string;
  now: () => number;
  /** Triggers per second to one origin (the per-origin query rate). */
  perSecond: () => number;
  wait: (ms: number) => Promise<void>;
};

/** One row changed: for progress lines and panels. */
export type RowChange = { n: number; from: RowState; to: RowState; call: Call | undefined };

/** While the service answers 429, how long the batch holds off when it gave no Retry-After; doubled each time, to a minute. */
const FIRST_HOLD_MS = 1_000;
const MAX_HOLD_MS = 60_000;

/**
 * Runs one batch in this process: fires its pending rows, at most
 * `concurrency` rows in flight at once (a row is in flight from its trigger
 * until its robot's run ends) and no more triggers per second to the
 * robot's origin than the per-origin rate; a 429 answer puts the row back
 * to pending and holds the batch off (its Retry-After, or a doubling pause),
 * with one row fewer in flight until triggers are accepted again. Every row
 * is marked `firing` with its call's id before its trigger is sent.
 */
export class BatchRunner {
  readonly #d: RunnerDeps;
  readonly #batch: BatchInfo;
  readonly #secrets: FieldValues;
  readonly #onChange: (change: RowChange) => void;
  readonly #rate: OriginRate;
  readonly #followed = new Map<string, (call: Call) => void>();
  readonly #inFlight = new Set<Promise<void>>();
  #limit: number;
  #holdUntil = 0;
  #hold = FIRST_HOLD_MS;
  #detached = false;
  #failure: unknown;
  #wake: (() => void) | undefined;

  constructor(
    deps: RunnerDeps,
    batch: BatchInfo,
    secrets: FieldValues,
    onChange: (change: RowChange) => void,
  ) {
    this.#d = deps;
    this.#batch = batch;
    this.#secrets = secrets;
    this.#onChange = onChange;
    this.#limit = batch.concurrency;
    this.#rate = new OriginRate(deps.perSecond);
  }

  /**
   * Fire the pending rows and follow them to their end. Resolves when no row
   * is pending or in flight, or the batch was paused or stopped (rows in
   * flight are followed to their end first, unless `detach` was called).
   */
  async run(origin: string): Promise<void> {
    const unsubscribe = this.#d.subscribe((calls) => {
      for (const call of calls) {
        const settle = this.#followed.get(call.id);
        if (settle !== undefined && isEnded(call.state)) settle(call);
      }
    });
    try {
      await this.#recover();
      let after = 0;
      while (
        this.#failure === undefined &&
        !this.#detached &&
        this.#d.store.stateOf(this.#batch.id) === 'running'
      ) {
        if (this.#inFlight.size >= this.#limit) {
          await this.#nextEnd();
          continue;
        }
        const now = this.#d.now();
        const at = Math.max(this.#holdUntil, this.#rate.allowedAt(origin, now));
        if (at > now) {
          await this.#d.wait(at - now);
          continue;
        }
        const row = this.#d.store.nextPending(this.#batch.id, after);
        if (row === undefined) {
          // Rows put back by a 429 are pending again, before `after`: look from the start once all have ended.
          if (this.#inFlight.size === 0 && this.#d.store.nextPending(this.#batch.id, 0) === undefined) break;
          if (this.#inFlight.size > 0) await this.#nextEnd();
          after = 0;
          continue;
        }
        after = row.n;
        this.#rate.take(origin, now);
        this.#start(this.#fireRow(row));
      }
      if (!this.#detached) await Promise.all(this.#inFlight);
      if (this.#failure !== undefined) throw asAppError(this.#failure);
    } finally {
      unsubscribe();
    }
  }

  /** Stop waiting for the rows in flight (Ctrl+C): they are left waiting, and a resumed batch watches them again. */
  detach(): void {
    this.#detached = true;
    this.#wake?.();
  }

  /**
   * Rows a process that died left behind: one `firing` whose call was never
   * recorded goes back to pending (its trigger was not sent), one whose call
   * was caught sending becomes unknown (never fired again by itself), and
   * the others take their call's state; a waiting one is watched again.
   */
  async #recover(): Promise<void> {
    const left = this.#d.store.rows(this.#batch.id, { states: ['firing', 'sending', 'waiting'] });
    for (const row of left) {
      const call = row.callId === null ? undefined : this.#d.findCall(row.callId);
      if (call === undefined) {
        await this.#set(row, row.state === 'firing' ? 'pending' : 'unknown', undefined);
      } else if (call.state === 'sending') {
        await this.#set(row, 'unknown', call);
      } else if (call.state === 'waiting') {
        const ended = this.#follow(call.id);
        const watched = this.#d.watch(call.id);
        await this.#set(row, watched.state, watched);
        this.#start(ended.then((c) => this.#set({ ...row, state: watched.state }, c.state, c)));
      } else {
        await this.#set(row, call.state, call);
      }
    }
  }

  async #fireRow(row: BatchRow): Promise<void> {
    const callId = this.#d.newId();
    if (!(await this.#d.store.markFiring(this.#batch.id, row.n, callId))) return;
    const firing: BatchRow = { ...row, state: 'firing', callId };
    this.#onChange({ n: row.n, from: row.state, to: 'firing', call: undefined });
    const ended = this.#follow(callId);
    let call: Call;
    try {
      call = await this.#d.fire(fireRequestOf(this.#batch.presetId!, row.request, this.#secrets), callId);
    } catch (error) {
      const recorded = this.#d.findCall(callId);
      if (recorded === undefined) {
        // Refused before anything was recorded, so nothing was sent: the row waits, the batch stops firing.
        this.#followed.delete(callId);
        await this.#set(firing, 'pending', undefined);
        this.#failure ??= error;
        return;
      }
      call = recorded;
    }
    if (call.state === 'rejected' && call.error?.status === 429) {
      this.#followed.delete(callId);
      this.#slowDown(call.error.retryAfterMs);
      await this.#set(firing, 'pending', call);
      return;
    }
    this.#speedUp();
    await this.#set(firing, call.state, call);
    if (isEnded(call.state)) {
      this.#followed.delete(callId);
      return;
    }
    const end = await ended;
    await this.#set({ ...firing, state: call.state }, end.state, end);
  }

  #follow(callId: string): Promise<Call> {
    return new Promise((resolve) => {
      this.#followed.set(callId, (call) => {
        this.#followed.delete(callId);
        resolve(call);
      });
    });
  }

  async #set(row: BatchRow, to: RowState, call: Call | undefined): Promise<void> {
    const callId = to === 'pending' ? null : (call?.id ?? row.callId);
    await this.#d.store.setRow(this.#batch.id, row.n, to, callId);
    this.#onChange({ n: row.n, from: row.state, to, call });
  }

  #start(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      this.#failure ??= error;
    });
    this.#inFlight.add(tracked);
    void tracked.then(() => {
      this.#inFlight.delete(tracked);
      this.#wake?.();
    });
  }

  #nextEnd(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = () => {
        this.#wake = undefined;
        resolve();
      };
    });
  }

  #slowDown(retryAfterMs: number | undefined): void {
    const wait = retryAfterMs ?? this.#hold;
    this.#hold = Math.min(this.#hold * 2, MAX_HOLD_MS);
    this.#holdUntil = Math.max(this.#holdUntil, this.#d.now() + Math.min(wait, MAX_HOLD_MS * 10));
    this.#limit = Math.max(1, this.#limit - 1);
  }

  #speedUp(): void {
    this.#hold = FIRST_HOLD_MS;
    this.#limit = Math.min(this.#batch.concurrency, this.#limit + 1);
  }
}
