import { randomUUID } from 'node:crypto';
import type { Args } from './responses.ts';
import { WAITING_VIEW, doneView, failureView, noResponseView, type QueryView } from './results.ts';
import type { AfterFailure, AfterNoResponse } from './schema.ts';

/**
 * Lifecycle of a call as the sandbox sees it. `WAITING` and `DONE` are the
 * spec's; `FINISHED` (ended without responding) and `FAILED` are ours, and
 * what the query shows for them is the robot's afterNoResponse/afterFailure.
 */
export type CallStatus = 'WAITING' | 'DONE' | 'FINISHED' | 'FAILED';

export type CallRecord = {
  webhookCallId: string;
  robot: string;
  method: 'GET' | 'POST';
  /** The arguments exactly as the flow saw them. */
  args: Args;
  status: CallStatus;
  /** The flow still has steps to run (a robot may keep running after it responded). */
  running: boolean;
  response?: Record<string, unknown>;
  error?: string;
  startedAt: number;
  /** When the result became final; retention counts from here. */
  settledAt?: number;
};

export type LiveCall = CallRecord & {
  view: QueryView;
  afterNoResponse: AfterNoResponse;
  afterFailure: AfterFailure;
  cancelTimer?: (() => void) | undefined;
  /** Ends the current wait step now, as if its time had passed (tests and demos, no sleeping). */
  skipWait?: (() => void) | undefined;
  /** How long the flow's waits took so far (a respond step may report it). */
  waitedMs?: number;
};

export type CallOutcomeModes = { afterNoResponse: AfterNoResponse; afterFailure: AfterFailure };

/** Calls by id, with retention: a settled call is forgotten `retentionMs` after it settled. */
export class CallStore {
  readonly #calls = new Map<string, LiveCall>();
  readonly #waiters = new Map<
    string,
    Array<{ resolve: (c: CallRecord) => void; reject: (e: Error) => void }>
  >();
  readonly #retentionMs: number;
  readonly #now: () => number;

  constructor(retentionMs: number, now: () => number) {
    this.#retentionMs = retentionMs;
    this.#now = now;
  }

  create(robot: string, method: 'GET' | 'POST', args: Args, modes: CallOutcomeModes): LiveCall {
    // The spec leaves the id format open; a UUID is unique and path-safe.
    const call: LiveCall = {
      webhookCallId: randomUUID(),
      robot,
      method,
      args,
      status: 'WAITING',
      running: true,
      startedAt: this.#now(),
      view: WAITING_VIEW,
      ...modes,
    };
    this.#calls.set(call.webhookCallId, call);
    return call;
  }

  /** The call, or undefined when unknown or past retention (then it is forgotten). */
  get(id: string): LiveCall | undefined {
    const call = this.#calls.get(id);
    if (call === undefined) return undefined;
    if (this.#expired(call)) {
      this.#forget(call);
      return undefined;
    }
    return call;
  }

  /** Ends the call's current wait now; false when it is not waiting (unknown, expired, or between steps). */
  skipWait(id: string): boolean {
    const skip = this.get(id)?.skipWait;
    if (skip === undefined) return false;
    skip();
    return true;
  }

  /** First Respond wins; later Respond steps of the same run are ignored. */
  respond(call: LiveCall, response: Record<string, unknown>): void {
    if (call.status !== 'WAITING') return;
    call.status = 'DONE';
    call.response = response;
    call.view = doneView(response);
    this.#settle(call);
  }

  /** The flow ran out of steps or hit a finish step. */
  end(call: LiveCall): void {
    call.running = false;
    call.cancelTimer = undefined;
    if (call.status !== 'WAITING') return;
    call.status = 'FINISHED';
    call.view = noResponseView(call.afterNoResponse);
    this.#settle(call);
  }

  /** A failure after a response leaves the delivered result as it was. */
  fail(call: LiveCall, message: string): void {
    call.running = false;
    call.cancelTimer = undefined;
    if (call.status !== 'WAITING') return;
    call.status = 'FAILED';
    call.error = message;
    call.view = failureView(call.afterFailure, message);
    this.#settle(call);
  }

  whenSettled(id: string): Promise<CallRecord> {
    const call = this.get(id);
    if (call === undefined) return Promise.reject(new Error(`unknown webhook call ${id}`));
    if (call.settledAt !== undefined) return Promise.resolve(snapshot(call));
    return new Promise((resolve, reject) => {
      const list = this.#waiters.get(id) ?? [];
      list.push({ resolve, reject });
      this.#waiters.set(id, list);
    });
  }

  sweep(): void {
    for (const call of this.#calls.values()) {
      if (this.#expired(call)) this.#forget(call);
    }
  }

  list(): CallRecord[] {
    this.sweep();
    return [...this.#calls.values()].map(snapshot);
  }

  /** Stops every running flow and fails pending whenSettled() promises. */
  close(): void {
    for (const call of this.#calls.values()) call.cancelTimer?.();
    for (const list of this.#waiters.values()) {
      for (const waiter of list) waiter.reject(new Error('sandbox closed'));
    }
    this.#waiters.clear();
  }

  #settle(call: LiveCall): void {
    call.settledAt = this.#now();
    const list = this.#waiters.get(call.webhookCallId);
    if (list === undefined) return;
    this.#waiters.delete(call.webhookCallId);
    for (const waiter of list) waiter.resolve(snapshot(call));
  }

  #expired(call: LiveCall): boolean {
    return call.settledAt !== undefined && this.#now() - call.settledAt >= this.#retentionMs;
  }

  #forget(call: LiveCall): void {
    call.cancelTimer?.();
    call.skipWait = undefined;
    this.#calls.delete(call.webhookCallId);
  }
}

function snapshot(call: LiveCall): CallRecord {
  const record: CallRecord = {
    webhookCallId: call.webhookCallId,
    robot: call.robot,
    method: call.method,
    args: call.args,
    status: call.status,
    running: call.running,
    startedAt: call.startedAt,
  };
  if (call.response !== undefined) record.response = call.response;
  if (call.error !== undefined) record.error = call.error;
  if (call.settledAt !== undefined) record.settledAt = call.settledAt;
  return record;
}
