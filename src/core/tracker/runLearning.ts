import type { Call } from '../../shared/models/call.ts';
import type { PollPolicy, PollPolicyOverrides } from '../../shared/models/pollPolicy.ts';
import type { Robot } from '../../shared/models/robot.ts';
import type { UsualRun } from '../../shared/models/usualRun.ts';
import type { Random } from '../clock.ts';
import type { CallHistory } from '../store/callHistory.ts';
import { firstMovedSooner, firstQueryAt, nextQueryDelay } from './learnedSchedule.ts';
import type { RunProfile } from './runProfile.ts';
import { PROFILE_MAX_KEYS, RunProfiles } from './runProfiles.ts';

/** Finished calls of a robot read to learn from (its own and its presets' runs). */
const RUNS_READ_PER_ROBOT = 1_000;

/**
 * What the tracker learns of run times and how it schedules by them. A
 * robot's recent finished runs are read from the history the first time one
 * of its calls needs them (so a command that never waits reads nothing),
 * then kept up to date as calls finish, here or in another process (the
 * change log). A robot whose user set its poll interval (first delay or
 * factor) is polled exactly as set: that choice is theirs, not learned over.
 */
export class RunLearning {
  readonly #history: CallHistory;
  readonly #profiles = new RunProfiles();
  readonly #loaded = new Set<string>();
  /** False: calls are scheduled on the poll policy alone (what they usually take is still shown). */
  readonly #schedules: boolean;
  /** Told when a run learned brings the first query of a robot's calls sooner (its runs got faster). */
  readonly #sooner: (robotId: string) => void;

  constructor(history: CallHistory, schedules = true, sooner: (robotId: string) => void = () => undefined) {
    this.#history = history;
    this.#schedules = schedules;
    this.#sooner = sooner;
  }

  /** The wait before a call's next query (see nextQueryDelay), `now` and its backoff step given. */
  delay(
    call: Call,
    robot: Robot | undefined,
    policy: PollPolicy,
    timing: { step: number; now: number; random: Random; retryAfterMs?: number; policySet?: boolean },
  ): number {
    const explicit = pollIntervalSet(robot?.pollPolicy);
    return nextQueryDelay({
      pollCount: timing.step,
      elapsedMs: timing.now - (call.acceptedAt ?? call.createdAt),
      profile: explicit || !this.#schedules ? undefined : this.profileFor(call),
      policy,
      explicit,
      policySet: timing.policySet === true,
      random: timing.random,
      ...(timing.retryAfterMs === undefined ? {} : { retryAfterMs: timing.retryAfterMs }),
    });
  }

  profileFor(call: Pick<Call, 'robotId' | 'presetId'>): RunProfile | undefined {
    this.#load(call.robotId);
    return this.#profiles.profileFor(call);
  }

  usualFor(call: Pick<Call, 'robotId' | 'presetId'>): UsualRun | undefined {
    this.#load(call.robotId);
    return this.#profiles.usualFor(call);
  }

  /** A call seen in its final state: a done or failed run is learned (once, however often it is seen). */
  finished(call: Call): void {
    if (call.state !== 'done' && call.state !== 'failed') return;
    if (call.acceptedAt === null || call.finishedAt === null) return;
    // A robot not read yet reads this run from the history with the rest.
    if (!this.#loaded.has(call.robotId)) return;
    const before = this.#firstQuery(call);
    this.#profiles.add({
      callId: call.id,
      robotId: call.robotId,
      presetId: call.presetId,
      ms: call.finishedAt - call.acceptedAt,
    });
    if (this.#schedules && firstMovedSooner(before, this.#firstQuery(call))) this.#sooner(call.robotId);
  }

  /** When the first query of a call like this one comes on its profile (ms after acceptance; never without one). */
  #firstQuery(call: Pick<Call, 'robotId' | 'presetId'>): number {
    const profile = this.#profiles.profileFor(call);
    return profile === undefined ? Number.POSITIVE_INFINITY : firstQueryAt(profile);
  }

  #load(robotId: string): void {
    if (this.#loaded.has(robotId)) return;
    let runs;
    try {
      runs = this.#history.finishedRuns(robotId, RUNS_READ_PER_ROBOT);
    } catch {
      // A busy history: polled on the policy for now, read again next time.
      return;
    }
    // Oldest first, so the newest are the ones a full window keeps.
    for (let i = runs.length - 1; i >= 0; i--) this.#profiles.add(runs[i]!);
    this.#loaded.add(robotId);
    if (this.#loaded.size > PROFILE_MAX_KEYS) this.#loaded.delete(this.#loaded.values().next().value!);
  }
}

/** Whether poll settings (a robot's, or the app's in Settings) set the poll interval: its first delay or its factor. */
export function pollIntervalSet(policy: PollPolicyOverrides | undefined): boolean {
  return policy?.firstDelayMs !== undefined || policy?.factor !== undefined;
}
