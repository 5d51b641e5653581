import type { Call } from '../../shared/models/call.ts';
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
import type { LoggedChange } from '../store/sharedWrites.ts';
import { LiveCalls } from './liveCalls.ts';
import { CallAdoption } from './callAdoption.ts';
import { type FireSpec, newCall } from './fireSpec.ts';
import { originGroup, PollQueue } from './pollQueue.ts';
import { pollIntervalSet, RunLearning } from './runLearning.ts';
import { afterAccepted, afterResume, afterTriggerFailure, assertResumable, moveTo } from './transitions.ts';

export type { CallListener } from './changeBatcher.ts';
export type { FireSpec } from './fireSpec.ts';
export { missingToken } from './pollOnce.ts';

export type { TrackerDeps } from './trackerDeps.ts';

/**
 * Owns every call from trigger to a final state: sends the trigger, polls the
 * query endpoint on the poll policy, and records each state change in the
 * history (one row write, in one transaction with the other changes of its
 * tick) and then to subscribers (see liveCalls.ts). Which process watches a
 * call is callAdoption.ts; what a poll's answer means is decided by the pure
 * functions in transitions.ts.
 */
export class CallTracker {
  readonly #d: TrackerDeps;
  /** Calls being sent or watched, by local id, and how their changes are recorded. */
  readonly #live: LiveCalls;
  readonly #adoption: CallAdoption;
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
      retry: (id) => this.#adoption.retryWanted(id),
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
    this.#live = new LiveCalls({
      writer: this.#writer,
      queue: this.#queue,
      changes: this.#changes,
      leases: () => this.#leases,
      learning: this.#learning,
      closed: () => this.#closed,
    });
    this.#adoption = new CallAdoption({
      history: deps.history,
      clock: deps.clock,
      live: this.#live,
      leases: () => this.#leases,
      learning: this.#learning,
      watchDeadlineMs: () => this.#policy(undefined).watchDeadlineMs,
      closing: () => this.#closing,
    });
  }

  /**
   * After a restart: calls left waiting resume polling; calls caught sending
   * become unknown (firing again could start the robot twice). Only calls
   * nobody watches (no lease, or a lapsed one) are taken.
   */
  start(): void {
    this.#adoption.fromHistory();
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
    return this.#live.commit(call);
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
    this.#live.drop(callId);
    return this.#live.commitNow(stopped, version);
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
    return this.#live.commit(this.#scheduleNext(resumed, robot, 0, 0), stored.version);
  }

  /**
   * Take over the calls nobody watches: left waiting by another process
   * (fired without --wait, given up at --timeout, let go at exit) or by one
   * that died (its lease lapsed). A call still `sending` whose sender's lease
   * lapsed becomes unknown. All of them, a batch at a time.
   */
  adoptWaitingFromHistory(): Call[] {
    const adopted = this.#adoption.fromHistory();
    for (const call of adopted) this.#changes.add(call);
    return adopted;
  }

  /**
   * Watch a waiting call this process did not fire (fired by the app or
   * another command); see CallAdoption.adopt.
   */
  adopt(call: Call): Call {
    return this.#adoption.adopt(call);
  }

  /** Calls another process changed (read from the change log); see CallAdoption.noticeChanges. */
  noticeChanges(changes: readonly LoggedChange[]): Call[] {
    return this.#adoption.noticeChanges(changes);
  }

  /** A lease was let go somewhere: try the calls this process waits to watch. */
  retryWanted = (): void => this.#leases.retryWanted();

  /** How long calls like this one usually run, once its preset or robot has enough finished runs. */
  usualFor(call: Pick<Call, 'robotId' | 'presetId'>): UsualRun | undefined {
    return this.#learning.usualFor(call);
  }

  /**
   * Stop tracking a call (it is being forgotten): the writes queued this tick
   * go in first, so none lands after the call is deleted.
   */
  drop(callId: string): void {
    this.#writer.flushBatch();
    this.#live.drop(callId);
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
      void this.#live.finish(moveTo(call, 'stopped', this.#d.clock.now(), note));
    } else if (outcome.pollAgain) {
      void this.#live.commit(this.#scheduleNext(outcome.call, robot, undefined, outcome.retryAfterMs));
    } else {
      void this.#live.finish(outcome.call);
    }
  }
}
