import type { Call } from '../../shared/models/call.ts';
import { resolvePollPolicy } from '../../shared/models/pollPolicy.ts';
import type { Robot } from '../../shared/models/robot.ts';
import type { LiveCalls } from './liveCalls.ts';
import { pollOnce } from './pollOnce.ts';
import { originGroup, PollQueue } from './pollQueue.ts';
import { pollIntervalSet, type RunLearning } from './runLearning.ts';
import type { TrackerDeps } from './trackerDeps.ts';
import { moveTo } from './transitions.ts';

export type CallPollingDeps = {
  tracker: TrackerDeps;
  /** The calls being watched (made after the queue, which they schedule on). */
  live: () => LiveCalls;
  learning: RunLearning;
  closing: () => boolean;
};

/**
 * When a watched call is asked about next, and what the answer does: the
 * poll queue (its limits from the settings), the next poll on the poll policy
 * or the learned run times, and one poll's outcome recorded through
 * liveCalls.ts. What an answer means is decided in transitions.ts.
 */
export class CallPolling {
  readonly queue: PollQueue;
  readonly #d: CallPollingDeps;
  /** Who waits for the next answer about a call (checkNow), by call id. */
  readonly #waiting = new Map<string, Array<(call: Call) => void>>();

  constructor(deps: CallPollingDeps) {
    this.#d = deps;
    const settings = deps.tracker.settings;
    this.queue = new PollQueue(
      deps.tracker.clock,
      {
        cap: () => settings().maxConcurrentQueries,
        perOriginPerSecond: () => settings().queriesPerSecondPerOrigin,
        // No second holds more queries than calls watched, however densely each is scheduled; a lone
        // call may still be asked twice (at once, and again as its first delay or dense spacing says).
        perSecond: () => Math.max(2, deps.live().size),
      },
      (id) => this.#poll(id),
    );
  }

  /** The poll policy in effect for the robot's calls (the settings' alone for `undefined`). */
  policy(robot: Robot | undefined) {
    return resolvePollPolicy(this.#d.tracker.settings().pollPolicy, robot?.pollPolicy);
  }

  /**
   * Schedule the call's next poll on the poll policy (never past its watch
   * deadline) and keep it live; `step` restarts the backoff when given.
   * `atOnce` polls now, leaving the backoff at its step.
   */
  scheduleNext(
    call: Call,
    robot: Robot | undefined,
    step?: number,
    retryAfterMs?: number,
    atOnce = false,
  ): Call {
    const live = this.#d.live();
    const current = step ?? live.get(call.id)?.step ?? 0;
    const at = atOnce ? this.#d.tracker.clock.now() : this.#nextAt(call, robot, current, retryAfterMs);
    const next = { ...call, nextPollAt: at };
    const version = live.get(call.id)?.version ?? 0;
    live.set(call.id, { call: next, step: atOnce ? current : current + 1, version });
    this.queue.schedule(call.id, call.robotId, at, robot === undefined ? undefined : originGroup(robot));
    return next;
  }

  /** When the call's query at backoff `step` is due: never past its watch deadline. */
  #nextAt(call: Call, robot: Robot | undefined, step: number, retryAfterMs?: number): number {
    const { clock, random, settings } = this.#d.tracker;
    const now = clock.now();
    const delay = this.#d.learning.delay(call, robot, this.policy(robot), {
      step,
      now,
      random,
      policySet: pollIntervalSet(settings().pollPolicy),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    return Math.min(now + delay, call.watchUntil ?? Number.POSITIVE_INFINITY);
  }

  /**
   * A robot's runs got faster, so its learned first query comes sooner: its
   * calls not asked yet wait for it no longer than a call fired now would
   * (asked at once where it is past). Without this, every call fired before
   * the first faster run was seen would be seen late.
   */
  async firstSooner(robotId: string): Promise<void> {
    const robot = await this.#d.tracker.robotById(robotId).catch(() => undefined);
    const live = this.#d.live();
    for (const { call, step } of [...live.values()]) {
      // Step 1 with no query sent: planned once, on acceptance, and not asked since.
      if (this.#d.closing() || call.robotId !== robotId || call.state !== 'waiting') continue;
      // A query already due (in the queue or on its way) is not planned twice.
      if (call.pollCount !== 0 || step !== 1 || (call.nextPollAt ?? 0) <= this.#d.tracker.clock.now())
        continue;
      if (this.#nextAt(call, robot, 0) < call.nextPollAt!)
        void live.commit(this.scheduleNext(call, robot, 0));
    }
  }

  /**
   * Ask about a waiting call now, rather than at its next poll: at once,
   * within the per-origin rate and the query slots, as every poll. Resolves
   * with the call as the answer left it (`nextPollAt`: its next automatic
   * poll), or as it stands once a request's deadline passed without one.
   */
  checkNow(call: Call, robot: Robot | undefined): Promise<Call> {
    const { clock, settings } = this.#d.tracker;
    return new Promise((resolve) => {
      const guard = clock.setTimer(() => {
        this.#settle(call.id, this.#d.live().get(call.id)?.call ?? call);
      }, settings().http.requestDeadlineMs);
      const waiters = this.#waiting.get(call.id) ?? [];
      waiters.push((answered) => {
        clock.clearTimer(guard);
        resolve(answered);
      });
      this.#waiting.set(call.id, waiters);
      this.scheduleNext(call, robot, undefined, undefined, true);
    });
  }

  /** An answer is being recorded; once it is, whoever waits for it is told (the poll's slot is not held meanwhile). */
  #recorded(callId: string, written: Promise<Call>): void {
    if (this.#waiting.has(callId)) void written.then((call) => this.#settle(callId, call));
  }

  /** The answer about a call is in (or no answer will come): tell whoever waits for it. */
  #settle(callId: string, call: Call): void {
    const waiters = this.#waiting.get(callId);
    this.#waiting.delete(callId);
    for (const resolve of waiters ?? []) resolve(call);
  }

  async #poll(callId: string): Promise<void> {
    const live = this.#d.live();
    const call = live.get(callId)?.call;
    if (call === undefined || call.state !== 'waiting' || call.webhookCallId === null || this.#d.closing())
      return;
    const { robot, outcome } = await pollOnce(this.#d.tracker, {
      ...call,
      webhookCallId: call.webhookCallId,
    });
    // The call may have been stopped, resumed or forgotten while we waited
    // for the service: then this answer is stale and changes nothing.
    if (this.#d.closing() || live.get(callId)?.call !== call) return;
    if (outcome === undefined) {
      const note =
        'Its robot is no longer in Robot Tray (deleted, or its record could not be read), so watching stopped.';
      this.#recorded(callId, live.finish(moveTo(call, 'stopped', this.#d.tracker.clock.now(), note)));
    } else if (outcome.pollAgain) {
      this.#recorded(
        callId,
        live.commit(this.scheduleNext(outcome.call, robot, undefined, outcome.retryAfterMs)),
      );
    } else {
      this.#recorded(callId, live.finish(outcome.call));
    }
  }
}
