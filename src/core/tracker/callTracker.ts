import type { Call } from '../../shared/models/call.ts';
import type { Robot } from '../../shared/models/robot.ts';
import type { UsualRun } from '../../shared/models/usualRun.ts';
import { EchoMask } from '../echo/echoMask.ts';
import { AppError, asAppError } from '../errors.ts';
import { encodeGetArguments } from '../http/queryEncoding.ts';
import { targetOf, triggerPath } from '../http/targetUrl.ts';
import { type CallListener, ChangeBatcher } from './changeBatcher.ts';
import { CallWriter } from './callWriter.ts';
import type { TrackerDeps } from './trackerDeps.ts';
import { missingToken } from './pollOnce.ts';
import { LeaseKeeper } from './leaseKeeper.ts';
import type { LoggedChange } from '../store/sharedWrites.ts';
import { LiveCalls } from './liveCalls.ts';
import { CallAdoption } from './callAdoption.ts';
import { type FireSpec, newCall } from './fireSpec.ts';
import { CallPolling } from './callPolling.ts';
import { RunLearning } from './runLearning.ts';
import { afterAccepted, afterResume, afterTriggerFailure, assertResumable, moveTo } from './transitions.ts';

export type { CallListener } from './changeBatcher.ts';
export type { FireSpec } from './fireSpec.ts';
export { missingToken } from './pollOnce.ts';

export type { TrackerDeps } from './trackerDeps.ts';

/**
 * Owns every call from trigger to a final state: sends the trigger, polls the
 * query endpoint on the poll policy (callPolling.ts), and records each state
 * change in the history (one row write, in one transaction with the other
 * changes of its tick) and then to subscribers (see liveCalls.ts). Which
 * process watches a call is callAdoption.ts; what a poll's answer means is
 * decided by the pure functions in transitions.ts.
 */
export class CallTracker {
  readonly #d: TrackerDeps;
  /** Calls being sent or watched, by local id, and how their changes are recorded. */
  readonly #live: LiveCalls;
  readonly #adoption: CallAdoption;
  /** When each watched call is asked about next, and what a poll's answer does. */
  readonly #polling: CallPolling;
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
    this.#learning = new RunLearning(
      deps.history,
      deps.learnRunTimes !== false,
      (robotId) => void this.#polling.firstSooner(robotId),
    );
    this.#leases = new LeaseKeeper({
      leases: deps.history.leases,
      clock: deps.clock,
      holding: () => this.#live.size > 0,
      retry: (id) => this.#adoption.retryWanted(id),
    });
    this.#polling = new CallPolling({
      tracker: deps,
      live: () => this.#live,
      learning: this.#learning,
      closing: () => this.#closing,
    });
    this.#live = new LiveCalls({
      writer: this.#writer,
      queue: this.#polling.queue,
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
      watchDeadlineMs: () => this.#polling.policy(undefined).watchDeadlineMs,
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
   * starts from its first step. `id` is the call's id when the caller chose
   * it (a batch stores it with its row first).
   */
  fire(robot: Robot, spec: FireSpec, options: { pollAtOnce?: boolean; id?: string } = {}): Promise<Call> {
    const sending = this.#fire(robot, spec, options.pollAtOnce === true, options.id ?? this.#d.newId());
    this.#firing.add(sending);
    const done = () => this.#firing.delete(sending);
    sending.then(done, done);
    return sending;
  }

  async #fire(robot: Robot, spec: FireSpec, pollAtOnce: boolean, id: string): Promise<Call> {
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
    const secrets = spec.secrets ?? [];
    // The record keeps prints of every secret the call carries, never the secrets: whichever
    // process reads an answer for it later masks an echo of them (a token set anew meanwhile too).
    const prints = await this.#d.echo.prints([token, ...secrets]);
    // Written before sending, or not sent at all: a crash mid-send then
    // leaves a `sending` record that becomes `unknown` at the next start.
    const at = { origin: target.origin, basePath: target.basePath };
    const ahead = await this.#writer.writeAhead(
      newCall(robot, spec, id, this.#d.clock.now(), url, at, prints),
      this.#leases.until(),
    );
    let call = ahead.call;
    this.#live.set(call.id, { call, step: 0, version: ahead.version });
    this.#leases.wake();
    this.#changes.add(call);
    try {
      const mask = EchoMask.ofSecrets(secrets);
      const result = await this.#d.client.trigger(target, token, spec.method, spec.args, mask);
      call = afterAccepted(call, result, this.#d.clock.now(), this.#polling.policy(robot).watchDeadlineMs);
      call = this.#polling.scheduleNext(call, robot, 0, undefined, pollAtOnce);
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
    const resumed = afterResume(
      stored.call,
      this.#d.clock.now(),
      this.#polling.policy(robot).watchDeadlineMs,
    );
    return this.#live.commit(this.#polling.scheduleNext(resumed, robot, 0, 0), stored.version);
  }

  /**
   * Ask the service about a waiting call now (the window's "Check now"),
   * within the per-origin rate, rather than at its next poll; a call nobody
   * watches is taken over first. Resolves with the call as the answer left
   * it, its next automatic check in `nextPollAt`.
   */
  async checkNow(call: Call): Promise<Call> {
    if (call.state !== 'waiting')
      throw new AppError('validation', 'Only a waiting call can be checked now; this one has ended.');
    const watched = this.#live.get(call.id)?.call ?? this.#adoption.adopt(call);
    if (!this.#live.has(call.id))
      throw new AppError(
        'validation',
        'Another Robot Tray process (such as `robot-tray fire --wait`) is watching this call, so it asks the service on its own schedule; its answers show here as they come.',
      );
    return this.#polling.checkNow(watched, await this.#d.robotById(call.robotId));
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
    this.#polling.queue.clear();
    await Promise.allSettled([...this.#firing]);
    await this.#polling.queue.idle();
    this.#writer.flush();
    this.#leases.release();
    this.#closed = true;
    this.#changes.flush();
  }
}
