import { type Call, isActive } from '../../shared/models/call.ts';
import { resolvePollPolicy } from '../../shared/models/pollPolicy.ts';
import type { Robot } from '../../shared/models/robot.ts';
import type { UsualRun } from '../../shared/models/usualRun.ts';
import { AppError, asAppError } from '../errors.ts';
import { encodeGetArguments } from '../http/queryEncoding.ts';
import { targetOf, triggerPath } from '../http/targetUrl.ts';
import { type CallListener, ChangeBatcher } from './changeBatcher.ts';
import { CallWriter } from './callWriter.ts';
import type { TrackerDeps } from './trackerDeps.ts';
import { missingToken, pollOnce } from './pollOnce.ts';
import { LeaseKeeper } from './leaseKeeper.ts';
import type { CommitResult, LoggedChange } from '../store/sharedWrites.ts';
import { type FireSpec, newCall } from './fireSpec.ts';
import { originGroup, PollQueue } from './pollQueue.ts';
import { pollIntervalSet, RunLearning } from './runLearning.ts';
import {
  afterAccepted,
  afterResume,
  afterTriggerFailure,
  assertResumable,
  moveTo,
  resumeAt,
} from './transitions.ts';

export type { CallListener } from './changeBatcher.ts';
export type { FireSpec } from './fireSpec.ts';
export { missingToken } from './pollOnce.ts';

export type { TrackerDeps } from './trackerDeps.ts';

/** A call this process is sending or watching: its latest record, its backoff step, its stored version. */
type LiveCall = { call: Call; step: number; version: number };

/** Calls adopted per look at the history (it looks again until none is left). */
const ADOPT_BATCH = 500;
const SENDER_GONE = 'Robot Tray stopped while this trigger was being sent; it may have started.';

/**
 * Owns every call from trigger to a final state: sends the trigger, polls the
 * query endpoint on the poll policy, and records each state change in the
 * history (one row write) and to subscribers (coalesced per tick). What a
 * poll's answer means is decided by the pure functions in transitions.ts.
 */
export class CallTracker {
  readonly #d: TrackerDeps;
  /** Calls being watched (sending or waiting), by local id: one entry holds all we keep of each. */
  readonly #live = new Map<string, LiveCall>();
  readonly #queue: PollQueue;
  readonly #changes = new ChangeBatcher();
  readonly #writer: CallWriter;
  readonly #leases: LeaseKeeper;
  /** Run times learned from finished calls, and the query schedule they give. */
  readonly #learning: RunLearning;
  /** Triggers being sent, so closing can wait for their outcome to be written. */
  readonly #firing = new Set<Promise<Call>>();
  /** Closing: no new work; answers still arriving are dropped, except a trigger's outcome. */
  #closing = false;
  #closed = false;

  constructor(deps: TrackerDeps) {
    this.#d = deps;
    this.#writer = new CallWriter({
      history: deps.history,
      clock: deps.clock,
      historyLimit: () => deps.settings().historyLimit,
      maxBytes: () => deps.settings().historyMaxBytes,
      warn: deps.warn,
    });
    this.#learning = new RunLearning(deps.history, deps.learnRunTimes !== false);
    this.#leases = new LeaseKeeper({
      writes: deps.history.writes,
      clock: deps.clock,
      holding: () => this.#live.size > 0,
      retry: (id) => this.#retryWanted(id),
    });
    this.#queue = new PollQueue(
      deps.clock,
      {
        cap: () => deps.settings().maxConcurrentQueries,
        perOriginPerSecond: () => deps.settings().queriesPerSecondPerOrigin,
        // No second holds more queries than calls watched, however densely each is scheduled; a lone
        // call may still be asked twice (at once, and again as its first delay or dense spacing says).
        perSecond: () => Math.max(2, this.#live.size),
      },
      (id) => this.#poll(id),
    );
  }

  /**
   * After a restart: calls left waiting resume polling; calls caught sending
   * become unknown (firing again could start the robot twice). Only calls
   * nobody watches (no lease, or a lapsed one) are taken.
   */
  start(): void {
    this.#adoptFromHistory();
  }

  subscribe(listener: CallListener): () => void {
    return this.#changes.subscribe(listener);
  }

  get watchingCount(): number {
    return this.#live.size;
  }

  /**
   * Trigger a robot. Resolves once the service accepted or refused the call.
   * `pollAtOnce` (someone waits on this call: `fire --wait`) asks about it
   * right after acceptance, since a robot that answers at once would
   * otherwise be seen only after the first poll delay; the backoff then
   * starts from its first step.
   */
  fire(robot: Robot, spec: FireSpec, options: { pollAtOnce?: boolean } = {}): Promise<Call> {
    const sending = this.#fire(robot, spec, options.pollAtOnce === true);
    this.#firing.add(sending);
    const done = () => this.#firing.delete(sending);
    sending.then(done, done);
    return sending;
  }

  async #fire(robot: Robot, spec: FireSpec, pollAtOnce: boolean): Promise<Call> {
    if (this.#closing)
      throw new AppError('internal', 'Robot Tray is shutting down; fire the robot again after restart.');
    // Everything decidable before sending fails here, with no call recorded,
    // because nothing was sent.
    const target = targetOf(robot);
    // The address as recorded: a GET's query is written from the kept
    // arguments, so a secret field's value stays out of the history there too.
    const kept = spec.keptArgs ?? spec.args;
    const url = target.origin + triggerPath(target, spec.method === 'GET' ? encodeGetArguments(kept) : '');
    const token = await this.#d.tokenFor(robot, target.origin);
    if (token === undefined) throw missingToken(robot);
    // Written before sending, or not sent at all: a crash mid-send then
    // leaves a `sending` record that becomes `unknown` at the next start.
    const at = { origin: target.origin, basePath: target.basePath };
    const ahead = await this.#writer.writeAhead(
      newCall(robot, spec, this.#d.newId(), this.#d.clock.now(), url, at),
      this.#leases.until(),
    );
    let call = ahead.call;
    this.#live.set(call.id, { call, step: 0, version: ahead.version });
    this.#leases.wake();
    this.#changes.add(call);
    try {
      const result = await this.#d.client.trigger(target, token, spec.method, spec.args);
      call = afterAccepted(call, result, this.#d.clock.now(), this.#policy(robot).watchDeadlineMs);
      call = this.#scheduleNext(call, robot, 0, undefined, pollAtOnce);
    } catch (error) {
      call = afterTriggerFailure(call, asAppError(error), this.#d.clock.now());
    }
    // Resolves once the outcome is in the history: what fire reports is never lost.
    return this.#commit(call);
  }

  /**
   * Stop watching a waiting call (resumable later); one another process
   * watches is stopped in the history, and its watcher lets it go.
   */
  stop(callId: string, reason = 'Stopped by you.'): Call {
    const live = this.#live.get(callId)?.call;
    const stored = live === undefined ? this.#d.history.writes.read(callId) : undefined;
    const call = live ?? stored?.call;
    if (call === undefined || call.state !== 'waiting') {
      throw new AppError('validation', 'Only a call that is waiting can be stopped.');
    }
    const stopped = moveTo(call, 'stopped', this.#d.clock.now(), reason);
    const version = this.#live.get(callId)?.version ?? stored?.version;
    this.drop(callId);
    return this.#commitNow(stopped, version);
  }

  /** Watch a stopped or unexpected call again, with a fresh deadline. */
  async resume(call: Call): Promise<Call> {
    assertResumable(call);
    const robot = await this.#d.robotById(call.robotId);
    if (robot === undefined)
      throw new AppError('not-found', 'The robot of this call was deleted, so it cannot be resumed.');
    // Resumed twice at once: the first one won.
    const already = this.#live.get(call.id);
    if (already !== undefined) return already.call;
    // As stored now: one another process changed meanwhile is refused, not overwritten.
    const stored = this.#d.history.writes.read(call.id);
    if (stored === undefined) throw new AppError('not-found', 'This call was forgotten meanwhile.');
    assertResumable(stored.call);
    const resumed = afterResume(stored.call, this.#d.clock.now(), this.#policy(robot).watchDeadlineMs);
    return this.#commit(this.#scheduleNext(resumed, robot, 0, 0), stored.version);
  }

  /**
   * Watch a waiting call this process did not fire (fired by the app or
   * another command). Another process watching it keeps it: this one takes
   * it once that lease lapses or is let go, and meanwhile hears of its
   * changes through the change log.
   */
  adopt(call: Call): Call {
    const live = this.#live.get(call.id);
    if (live !== undefined || call.state !== 'waiting') return live?.call ?? call;
    const now = this.#d.clock.now();
    let taken;
    try {
      taken = this.#d.history.writes.takeLease(call.id, this.#leases.until(), now);
    } catch {
      // A history this process cannot write (read-only, locked): it only looks.
      taken = { call, version: 0 };
    }
    if (taken === undefined) this.#leases.want(call.id);
    if (taken?.call.state !== 'waiting') return taken?.call ?? call;
    this.#watch(taken.call, taken.version, now);
    return taken.call;
  }

  /**
   * Take over the calls nobody watches: left waiting by another process
   * (fired without --wait, given up at --timeout, let go at exit) or by one
   * that died (its lease lapsed). A call still `sending` whose sender's lease
   * lapsed becomes unknown. All of them, a batch at a time.
   */
  adoptWaitingFromHistory(): Call[] {
    const adopted = this.#adoptFromHistory();
    for (const call of adopted) this.#changes.add(call);
    return adopted;
  }

  /**
   * Calls another process changed (read from the change log): a call this
   * process watches that another now holds, or that ended elsewhere, is no
   * longer polled here. Returns the changes to announce.
   */
  noticeChanges(changes: readonly LoggedChange[]): Call[] {
    const me = this.#d.history.processId;
    const seen: Call[] = [];
    for (const change of changes) {
      if (change.writer === me) continue;
      this.#learning.finished(change.call);
      const live = this.#live.get(change.call.id);
      if (live !== undefined && change.version <= live.version) continue;
      if (live !== undefined && change.holder === me && isActive(change.call.state)) continue;
      if (live !== undefined) this.drop(change.call.id);
      seen.push(change.call);
    }
    return seen;
  }

  /** A lease was let go somewhere: try the calls this process waits to watch. */
  retryWanted = (): void => this.#leases.retryWanted();

  #retryWanted(id: string): boolean {
    if (this.#live.has(id) || this.#closing) return true;
    const stored = this.#d.history.writes.read(id);
    if (stored === undefined || stored.call.state !== 'waiting') return true;
    const now = this.#d.clock.now();
    const taken = this.#d.history.writes.takeLease(id, this.#leases.until(), now);
    if (taken === undefined) return false;
    if (taken.call.state === 'waiting') this.#watch(taken.call, taken.version, now);
    return true;
  }

  #adoptFromHistory(): Call[] {
    const adopted: Call[] = [];
    const writes = this.#d.history.writes;
    for (;;) {
      const now = this.#d.clock.now();
      let took = 0;
      for (const { id } of writes.adoptable(now, ADOPT_BATCH)) {
        if (this.#live.has(id)) continue;
        const taken = writes.takeLease(id, this.#leases.until(), now);
        if (taken === undefined) continue;
        took++;
        const { call, version } = taken;
        if (call.state === 'sending') this.#commitNow(moveTo(call, 'unknown', now, SENDER_GONE), version);
        else if (call.state === 'waiting') {
          this.#watch(call, version, resumeAt(call.nextPollAt, now, this.#policy(undefined).watchDeadlineMs));
          adopted.push(call);
        }
      }
      if (took === 0) return adopted;
    }
  }

  /** How long calls like this one usually run, once its preset or robot has enough finished runs. */
  usualFor(call: Pick<Call, 'robotId' | 'presetId'>): UsualRun | undefined {
    return this.#learning.usualFor(call);
  }

  /** Stop tracking a call (it is being forgotten). */
  drop(callId: string): void {
    this.#live.delete(callId);
    this.#queue.cancel(callId);
  }

  /** The in-memory copy of a watched call, fresher than the history by at most a tick. */
  live(callId: string): Call | undefined {
    return this.#live.get(callId)?.call;
  }

  /**
   * Stop: no new polls; polls in flight change nothing; triggers in flight
   * (their requests aborted by the client) end in a state that is written.
   */
  async close(): Promise<void> {
    this.#closing = true;
    this.#queue.clear();
    await Promise.allSettled([...this.#firing]);
    await this.#queue.idle();
    this.#writer.flush();
    this.#leases.release();
    this.#closed = true;
    this.#changes.flush();
  }

  #policy(robot: Robot | undefined) {
    return resolvePollPolicy(this.#d.settings().pollPolicy, robot?.pollPolicy);
  }

  /** Start watching a waiting call (this process holds its lease) from backoff step 0, first polled at `at`. */
  #watch(call: Call, version: number, at: number): void {
    this.#live.set(call.id, { call, step: 0, version });
    this.#leases.wake();
    this.#queue.schedule(call.id, call.robotId, at);
  }

  /**
   * Schedule the call's next poll on the poll policy (never past its watch
   * deadline) and keep it live; `step` restarts the backoff when given.
   * `atOnce` polls now, leaving the backoff at its step.
   */
  #scheduleNext(
    call: Call,
    robot: Robot | undefined,
    step?: number,
    retryAfterMs?: number,
    atOnce = false,
  ): Call {
    const current = step ?? this.#live.get(call.id)?.step ?? 0;
    const now = this.#d.clock.now();
    const delay = atOnce
      ? 0
      : this.#learning.delay(call, robot, this.#policy(robot), {
          step: current,
          now,
          random: this.#d.random,
          policySet: pollIntervalSet(this.#d.settings().pollPolicy),
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
    // The last poll happens at the deadline at the latest.
    const at = Math.min(now + delay, call.watchUntil ?? Number.POSITIVE_INFINITY);
    const next = { ...call, nextPollAt: at };
    const version = this.#live.get(call.id)?.version ?? 0;
    this.#live.set(call.id, { call: next, step: atOnce ? current : current + 1, version });
    this.#queue.schedule(call.id, call.robotId, at, robot === undefined ? undefined : originGroup(robot));
    return next;
  }

  async #poll(callId: string): Promise<void> {
    const call = this.#live.get(callId)?.call;
    if (call === undefined || call.state !== 'waiting' || call.webhookCallId === null || this.#closing)
      return;
    const { robot, outcome } = await pollOnce(this.#d, { ...call, webhookCallId: call.webhookCallId });
    // The call may have been stopped, resumed or forgotten while we waited
    // for the service: then this answer is stale and changes nothing.
    if (this.#closing || this.#live.get(callId)?.call !== call) return;
    if (outcome === undefined) {
      const note =
        'Its robot is no longer in Robot Tray (deleted, or robots.json could not be read), so watching stopped.';
      void this.#finish(moveTo(call, 'stopped', this.#d.clock.now(), note));
    } else if (outcome.pollAgain) {
      void this.#commit(this.#scheduleNext(outcome.call, robot, undefined, outcome.retryAfterMs));
    } else {
      void this.#finish(outcome.call);
    }
  }

  #finish(call: Call): Promise<Call> {
    const version = this.#live.get(call.id)?.version;
    this.drop(call.id);
    return this.#commit(call, version);
  }

  /**
   * Record a change with the others of this tick, in one transaction at its
   * end; resolves with what the history then holds (see #landed).
   * `expected`: the version last seen, when the call is not live here.
   */
  #commit(call: Call, expected?: number): Promise<Call> {
    // After close the history is gone; a trigger still in flight stays
    // `sending` on disk and becomes `unknown` at the next start, which is
    // the truth: we cannot tell whether it arrived.
    if (this.#closed) return Promise.resolve(call);
    const version = expected ?? this.#live.get(call.id)?.version ?? 0;
    const lease = isActive(call.state) ? this.#leases.until() : 0;
    return new Promise((resolve) =>
      this.#writer.enqueue(call, version, lease, (result) => resolve(this.#landed(call, result))),
    );
  }

  /** Record a change now, after the writes queued this tick (see #commit). */
  #commitNow(call: Call, expected?: number): Call {
    if (this.#closed) return call;
    const version = expected ?? this.#live.get(call.id)?.version ?? 0;
    const lease = isActive(call.state) ? this.#leases.until() : 0;
    return this.#landed(call, this.#writer.write(call, version, lease));
  }

  /**
   * A change is written (or queued for a retried write): kept live while
   * active and still watched here, announced. A write that lost to a truer
   * record (another process finished or took the call) adopts that record:
   * it is what is announced, and this process stops watching the call.
   */
  #landed(sent: Call, result: CommitResult): Call {
    const stored = result.call;
    const live = this.#live.get(stored.id);
    if (result.written && isActive(stored.state)) {
      // Not stopped or forgotten meanwhile: its next write names this version.
      if (live !== undefined) {
        const call = live.call === sent ? stored : live.call;
        this.#live.set(stored.id, { call, step: live.step, version: result.version });
      }
      this.#leases.wake();
    } else {
      this.drop(stored.id);
      this.#learning.finished(stored);
    }
    this.#changes.add(stored);
    return stored;
  }
}
