import { Call } from '../../shared/models/call.ts';
import type { JsonObject } from '../../shared/models/json.ts';
import { resolvePollPolicy } from '../../shared/models/pollPolicy.ts';
import type { HttpMethod } from '../../shared/models/preset.ts';
import type { Robot } from '../../shared/models/robot.ts';
import type { Settings } from '../../shared/models/settings.ts';
import type { Clock, Random } from '../clock.ts';
import { AppError, asAppError } from '../errors.ts';
import { encodeGetArguments } from '../http/queryEncoding.ts';
import { targetOf } from '../http/targetUrl.ts';
import type { QueryResult, WebhookClient } from '../http/webhookClient.ts';
import type { CallHistory } from '../store/callHistory.ts';
import { nextPollDelay } from './pollPolicy.ts';
import { PollQueue } from './pollQueue.ts';
import {
  doneWarning,
  isTransientQueryFailure,
  moveTo,
  recordError,
  stateForTriggerFailure,
} from './transitions.ts';

export type TrackerDeps = {
  history: CallHistory;
  client: WebhookClient;
  robotById: (robotId: string) => Promise<Robot | undefined>;
  tokenOf: (robotId: string) => Promise<string | undefined>;
  settings: () => Settings;
  clock: Clock;
  random: Random;
  newId: () => string;
};

export type FireSpec = {
  method: HttpMethod;
  args: JsonObject;
  presetId?: string | null;
  presetName?: string | null;
  notifyOnFinish?: boolean;
};

export type CallListener = (changed: Call[]) => void;

/**
 * Owns every call from trigger to a final state: sends the trigger, polls the
 * query endpoint on the poll policy, and records each state change in the
 * history (one row write) and to subscribers (coalesced per tick).
 */
export class CallTracker {
  readonly #d: TrackerDeps;
  /** Calls being watched (sending or waiting), by local id. */
  readonly #live = new Map<string, Call>();
  /** Backoff step per call since it was accepted or resumed. */
  readonly #step = new Map<string, number>();
  readonly #queue: PollQueue;
  readonly #listeners = new Set<CallListener>();
  #pending = new Map<string, Call>();
  #flushScheduled = false;
  #closed = false;

  constructor(deps: TrackerDeps) {
    this.#d = deps;
    this.#queue = new PollQueue(
      deps.clock,
      () => deps.settings().maxConcurrentQueries,
      (id) => this.#poll(id),
    );
  }

  /**
   * After a restart: calls left waiting resume polling; calls caught while
   * sending become unknown, since the trigger may have reached the service
   * and firing it again could start the robot twice.
   */
  start(): void {
    const now = this.#d.clock.now();
    for (const call of this.#d.history.listActive()) {
      if (this.#live.has(call.id)) continue;
      if (call.state === 'sending') {
        this.#commit(
          moveTo(
            call,
            'unknown',
            now,
            'Robot Tray stopped while this trigger was being sent; it may have started.',
          ),
        );
      } else {
        this.#live.set(call.id, call);
        this.#step.set(call.id, 0);
        this.#queue.schedule(call.id, call.robotId, Math.max(now, call.nextPollAt ?? now));
      }
    }
  }

  subscribe(listener: CallListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get watchingCount(): number {
    return this.#live.size;
  }

  /** Trigger a robot. Resolves once the service accepted or refused the call. */
  async fire(robot: Robot, spec: FireSpec): Promise<Call> {
    if (this.#closed)
      throw new AppError('internal', 'Robot Tray is shutting down; fire the robot again after restart.');
    // Everything decidable before sending fails here, with no call recorded,
    // because nothing was sent.
    const target = targetOf(robot);
    if (spec.method === 'GET') encodeGetArguments(spec.args);
    const token = await this.#d.tokenOf(robot.id);
    if (token === undefined) {
      throw new AppError(
        'validation',
        `Robot "${robot.name}" has no token yet. Generate one in the robot's Designer (gear icon, "Webhook token") and set it in Robot Tray.`,
      );
    }
    const now = this.#d.clock.now();
    // The schema fills every field not known yet (timestamps, counters) with its default.
    let call: Call = Call.parse({
      id: this.#d.newId(),
      robotId: robot.id,
      robotName: robot.name,
      presetId: spec.presetId ?? null,
      presetName: spec.presetName ?? null,
      method: spec.method,
      args: spec.args,
      state: 'sending',
      notifyOnFinish: spec.notifyOnFinish ?? false,
      createdAt: now,
      sentAt: now,
      timeline: [{ at: now, state: 'sending' }],
    });
    this.#live.set(call.id, call);
    this.#commit(call);
    try {
      const result = await this.#d.client.trigger(target, token, spec.method, spec.args);
      const at = this.#d.clock.now();
      const policy = this.#policy(robot);
      call = moveTo(call, 'waiting', at, `Accepted (HTTP ${result.status})`, {
        webhookCallId: result.webhookCallId,
        acceptedAt: at,
        watchUntil: at + policy.watchDeadlineMs,
      });
      this.#step.set(call.id, 0);
      call = this.#scheduleNext(call, robot);
    } catch (error) {
      const failure = asAppError(error);
      const at = this.#d.clock.now();
      call = moveTo(call, stateForTriggerFailure(failure), at, undefined, {
        error: recordError(null, failure, at),
      });
    }
    this.#commit(call);
    return call;
  }

  /** Stop watching a waiting call; it can be resumed later. */
  stop(callId: string, reason = 'Stopped by you.'): Call {
    const call = this.#live.get(callId);
    if (call === undefined || call.state !== 'waiting') {
      throw new AppError('validation', 'Only a call that is waiting can be stopped.');
    }
    const stopped = moveTo(call, 'stopped', this.#d.clock.now(), reason);
    this.#finish(stopped);
    return stopped;
  }

  /** Watch a stopped or unexpected call again, with a fresh deadline. */
  async resume(call: Call): Promise<Call> {
    if (call.state !== 'stopped' && call.state !== 'unexpected') {
      throw new AppError(
        'validation',
        `A ${call.state} call cannot be resumed; only stopped or unexpected ones.`,
      );
    }
    if (call.webhookCallId === null)
      throw new AppError('validation', 'This call has no webhookCallId to query.');
    const robot = await this.#d.robotById(call.robotId);
    if (robot === undefined)
      throw new AppError('not-found', 'The robot of this call was deleted, so it cannot be resumed.');
    // Resumed twice at once: the first one won.
    const already = this.#live.get(call.id);
    if (already !== undefined) return already;
    const now = this.#d.clock.now();
    let resumed = moveTo(call, 'waiting', now, 'Resumed', {
      watchUntil: now + this.#policy(robot).watchDeadlineMs,
      rawStatus: null,
      error: null,
      // The body kept from an unexpected answer is not this run's result.
      response: undefined,
    });
    this.#step.set(call.id, 0);
    this.#live.set(call.id, resumed);
    resumed = this.#scheduleNext(resumed, robot, 0);
    this.#commit(resumed);
    return resumed;
  }

  /** Watch a waiting call this process did not fire (fired by the app or another command). */
  adopt(call: Call): Call {
    const live = this.#live.get(call.id);
    if (live !== undefined) return live;
    if (call.state !== 'waiting') return call;
    this.#live.set(call.id, call);
    this.#step.set(call.id, 0);
    this.#queue.schedule(call.id, call.robotId, this.#d.clock.now());
    return call;
  }

  /**
   * Take over calls another process (the CLI) left waiting, e.g. fired
   * without --wait, or given up at --timeout. Calls still `sending` are left
   * alone: their process is probably still sending them.
   */
  adoptWaitingFromHistory(): Call[] {
    const adopted: Call[] = [];
    for (const call of this.#d.history.listActive()) {
      if (call.state === 'waiting' && !this.#live.has(call.id)) adopted.push(this.adopt(call));
    }
    if (adopted.length > 0) {
      for (const call of adopted) this.#pending.set(call.id, call);
      this.#scheduleFlush();
    }
    return adopted;
  }

  /** Stop tracking a call (it is being forgotten). */
  drop(callId: string): void {
    this.#live.delete(callId);
    this.#step.delete(callId);
    this.#queue.cancel(callId);
  }

  /** The in-memory copy of a watched call, fresher than the history by at most a tick. */
  live(callId: string): Call | undefined {
    return this.#live.get(callId);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.clear();
    await this.#queue.idle();
    this.#flush();
  }

  #policy(robot: Robot | undefined) {
    return resolvePollPolicy(this.#d.settings().pollPolicy, robot?.pollPolicy);
  }

  #scheduleNext(call: Call, robot: Robot | undefined, retryAfterMs?: number): Call {
    const step = this.#step.get(call.id) ?? 0;
    this.#step.set(call.id, step + 1);
    const now = this.#d.clock.now();
    const delay = nextPollDelay(step, this.#policy(robot), this.#d.random, retryAfterMs);
    // The last poll happens at the deadline at the latest.
    const at = Math.min(now + delay, call.watchUntil ?? Number.POSITIVE_INFINITY);
    this.#live.set(call.id, call);
    this.#queue.schedule(call.id, call.robotId, at);
    return { ...call, nextPollAt: at };
  }

  async #poll(callId: string): Promise<void> {
    const call = this.#live.get(callId);
    if (call === undefined || call.state !== 'waiting' || call.webhookCallId === null || this.#closed) return;
    let robot: Robot | undefined;
    let outcome: { ok: true; result: QueryResult } | { ok: false; error: AppError } | undefined;
    try {
      robot = await this.#d.robotById(call.robotId);
      if (robot !== undefined) {
        const token = robot.sendTokenOnQuery ? await this.#d.tokenOf(robot.id) : undefined;
        outcome = {
          ok: true,
          result: await this.#d.client.query(targetOf(robot), token, call.webhookCallId),
        };
      }
    } catch (error) {
      // Whatever failed (the robots file unreadable for a moment, the keychain,
      // the network), the call stays scheduled unless the failure is final.
      outcome = { ok: false, error: asAppError(error) };
    }
    // The call may have been stopped, resumed or forgotten while we waited
    // for the service: then this answer is stale and changes nothing.
    if (this.#closed || this.#live.get(callId) !== call) return;
    let next: Call;
    if (outcome === undefined) {
      next = moveTo(
        call,
        'stopped',
        this.#d.clock.now(),
        'Its robot is no longer in Robot Tray (deleted, or robots.json could not be read), so watching stopped.',
      );
    } else if (outcome.ok) {
      next = this.#afterAnswer(call, robot, outcome.result);
    } else {
      next = this.#afterQueryFailure(call, robot, outcome.error);
    }
    if (next.state === 'waiting') this.#commit(next);
    else this.#finish(next);
  }

  #afterAnswer(call: Call, robot: Robot | undefined, result: QueryResult): Call {
    const at = this.#d.clock.now();
    const polled = { ...call, lastPolledAt: at, pollCount: call.pollCount + 1, error: null };
    if (result.status === 'DONE') {
      const patch: Partial<Call> = { warning: doneWarning(result.hasResponse, result.response) };
      if (result.response !== undefined) patch.response = result.response;
      return moveTo(polled, 'done', at, undefined, patch);
    }
    if (result.status === 'WAITING') {
      return at >= (polled.watchUntil ?? Number.POSITIVE_INFINITY)
        ? moveTo(polled, 'stopped', at, 'The watch deadline passed while the robot was still WAITING.')
        : this.#scheduleNext(polled, robot);
    }
    // Statuses other than WAITING and DONE are undocumented (spec section 3);
    // we stop polling and keep the raw status and body for people to read.
    return moveTo(polled, 'unexpected', at, `The service answered status "${result.status.slice(0, 80)}".`, {
      rawStatus: result.status,
      response: result.body,
    });
  }

  #afterQueryFailure(call: Call, robot: Robot | undefined, error: AppError): Call {
    const at = this.#d.clock.now();
    const polled = {
      ...call,
      lastPolledAt: at,
      pollCount: call.pollCount + 1,
      error: recordError(call.error, error, at),
    };
    if (error.kind === 'http' && error.status === 404) {
      return moveTo(polled, 'expired', at, 'The service no longer knows this run (404).');
    }
    if (!isTransientQueryFailure(error)) {
      return moveTo(polled, 'stopped', at, `Watching stopped: ${error.message}`);
    }
    if (at >= (polled.watchUntil ?? Number.POSITIVE_INFINITY)) {
      return moveTo(polled, 'stopped', at, 'The watch deadline passed while status queries were failing.');
    }
    return this.#scheduleNext(polled, robot, error.retryAfterMs);
  }

  #finish(call: Call): void {
    this.drop(call.id);
    this.#commit(call);
  }

  #commit(call: Call): void {
    // After close the history is gone; a trigger still in flight stays
    // `sending` on disk and becomes `unknown` at the next start, which is
    // the truth: we cannot tell whether it arrived.
    if (this.#closed) return;
    if (call.state === 'sending' || call.state === 'waiting') this.#live.set(call.id, call);
    else this.#live.delete(call.id);
    this.#d.history.put(call);
    this.#d.history.prune(this.#d.settings().historyLimit);
    this.#pending.set(call.id, call);
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#flushScheduled = false;
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
