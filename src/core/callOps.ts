import { z } from 'zod';
import {
  type Call,
  type CallDetail,
  CallFilter,
  callDetail,
  type ResponseStart,
} from '../shared/models/call.ts';
import {
  type CallSummary,
  type ListedCall,
  listedCall,
  summarizeCall,
} from '../shared/models/callSummary.ts';
import { FireRequest } from '../shared/models/fire.ts';
import { JsonObject } from '../shared/models/json.ts';
import { MAX_STATS_DAYS, RunStatsQuery, type RunStats } from '../shared/models/runStats.ts';
import { HttpMethod } from '../shared/models/preset.ts';
import { type FieldValues, FieldValuesInput } from '../shared/models/presetFields.ts';
import type { Robot } from '../shared/models/robot.ts';
import type { Catalog } from './catalog.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import { AppError, notFound, parseInput } from './errors.ts';
import { buildCurlCommand } from './http/curlCommand.ts';
import { targetOf } from './http/targetUrl.ts';
import type { CallHistory } from './store/callHistory.ts';
import { responseStartOf } from './store/responseStart.ts';
import type { CallTracker } from './tracker/callTracker.ts';
import { type FireSpec, mergeFireSpec } from './tracker/fireSpec.ts';
import { refillSecrets } from './tracker/refireSecrets.ts';
import type { PresetMemory } from './presetMemory.ts';

/**
 * What "fire again with changes" may change: the method, and the whole set
 * of arguments; `fields` give again the secret fields' values the history
 * did not keep.
 */
export type RefireChanges = { method?: HttpMethod; args?: JsonObject; fields?: FieldValues };
const RefireChanges = z.object({
  method: HttpMethod.optional(),
  args: JsonObject.optional(),
  fields: FieldValuesInput.optional(),
});
const DAY_MS = 86_400_000;

/**
 * notifyOnFinish: the tray fired it; pollAtOnce: someone waits on the call
 * (`fire --wait`), so its first status query goes out right after acceptance;
 * callId: the id the call is recorded with, chosen (and stored) by a batch
 * before the trigger goes out, so a batch resumed after a crash can tell
 * whether a row's trigger was ever recorded.
 */
export type FireOptions = { notifyOnFinish?: boolean; pollAtOnce?: boolean; callId?: string };

/**
 * Calls, as AppCore offers them: firing (a preset merged in, or a call sent
 * again), finding a call by any id people have, and stopping, resuming,
 * watching and forgetting it. The history holds what happened; the tracker
 * holds the calls this process is sending or watching, which win over it.
 */
export class CallOps {
  readonly #catalog: Catalog;
  readonly #history: CallHistory;
  readonly #tracker: CallTracker;
  readonly #announcer: CoreAnnouncer;
  readonly #memory: PresetMemory;

  constructor(parts: {
    catalog: Catalog;
    history: CallHistory;
    tracker: CallTracker;
    announcer: CoreAnnouncer;
    memory: PresetMemory;
  }) {
    this.#memory = parts.memory;
    this.#catalog = parts.catalog;
    this.#history = parts.history;
    this.#tracker = parts.tracker;
    this.#announcer = parts.announcer;
    // Calls pruned by the history's limits leave this process's lists as a forgotten call does
    // (other processes read them from the history's log of forgotten calls).
    parts.history.onPruned((ids) => this.#announcer.removed([...ids], null));
  }

  /** Trigger a robot; resolves when the service accepted or refused the call. */
  async fire(robotId: string, request: unknown, options: FireOptions = {}): Promise<Call> {
    const robot = await this.#catalog.requireRobot(robotId);
    const spec = await this.#fireSpec(robot, parseInput(FireRequest, request, 'fire'));
    // A call fired from the tray notifies when it ends, whatever its preset says.
    if (options.notifyOnFinish === true) spec.notifyOnFinish = true;
    const call = await this.#tracker.fire(robot, spec, {
      pollAtOnce: options.pollAtOnce === true,
      ...(options.callId === undefined ? {} : { id: options.callId }),
    });
    if (spec.remember !== undefined && typeof spec.presetId === 'string')
      await this.#memory.remember(spec.presetId, spec.remember);
    return call;
  }

  /** The values to start a preset's form with: the last ones given, never a secret field's. */
  async lastFieldValues(presetId: string): Promise<FieldValues> {
    return this.#memory.recall(await this.#catalog.requirePreset(presetId));
  }

  /**
   * The trigger as a curl command, with the token left as $ROBOT_TOKEN. A secret field's value stays out of it
   * as it stays out of the history: the command carries its placeholder,
   * for whoever runs it to put the value in.
   */
  async curlCommand(robotId: string, request: unknown): Promise<string> {
    const robot = await this.#catalog.requireRobot(robotId);
    const spec = await this.#fireSpec(robot, parseInput(FireRequest, request, 'fire'));
    return buildCurlCommand(targetOf(robot), spec.method, spec.keptArgs ?? spec.args);
  }

  /** One page of calls as lists show them: their responses are never read. */
  list(filter: unknown = {}): ListedCall[] {
    const f = parseInput(CallFilter, filter, 'filter');
    const names = this.#catalog.robotNames();
    return this.#history.list(f).map((c) => {
      const live = this.#tracker.live(c.id);
      return withNameNow(live === undefined ? c : listedCall(live), names);
    });
  }

  /**
   * A call as the window, the tray and the CLI's lists see it: no arguments,
   * no response, its robot's name now (a renamed robot's calls read the same
   * everywhere), and how long such calls usually run.
   */
  summary(call: Call | ListedCall): CallSummary {
    const summary = withNameNow(summarizeCall(call), this.#catalog.robotNames());
    const usual = this.#tracker.usualFor(call);
    return usual === undefined ? summary : { ...summary, usual };
  }

  /**
   * A call by local id, by the service's webhookCallId, or by the first
   * characters of its local id (at least 4) when only one call has them.
   */
  /** A call by its local id, as this process knows it now; undefined when there is none. */
  find(id: string): Call | undefined {
    const stored = this.#history.get(id);
    return stored === undefined ? undefined : (this.#tracker.live(stored.id) ?? stored);
  }

  get(idOrWebhookCallId: string): Call {
    const history = this.#history;
    const stored =
      history.get(idOrWebhookCallId) ??
      history.getByWebhookCallId(idOrWebhookCallId) ??
      this.#byIdPrefix(idOrWebhookCallId);
    if (stored === undefined)
      throw notFound(`Call "${idOrWebhookCallId}"`, 'It may have been pruned or forgotten.');
    return this.#tracker.live(stored.id) ?? stored;
  }

  /**
   * A call as the window reads it, its response as exact JSON text. The
   * history hands the text over as stored, so a 20 MB response is neither
   * parsed nor written out again here.
   */
  detail(idOrWebhookCallId: string): CallDetail {
    const id = this.#history.idOf(idOrWebhookCallId) ?? this.get(idOrWebhookCallId).id;
    const live = this.#tracker.live(id);
    if (live !== undefined) return callDetail(live);
    return this.#history.getDetail(id) ?? callDetail(this.get(id));
  }

  /**
   * The first `chars` characters of a call's response and the whole's size,
   * or null when it holds none: what the window shows while the whole
   * response (see detail) is on its way. A stored response is cut by SQLite,
   * never read whole here.
   */
  responseStart(idOrWebhookCallId: string, chars: number): ResponseStart | null {
    const id = this.#history.idOf(idOrWebhookCallId) ?? this.get(idOrWebhookCallId).id;
    const live = this.#tracker.live(id);
    const stored = live === undefined ? this.#history.responseStart(id, chars) : undefined;
    if (stored !== undefined) return stored;
    const text = callDetail(live ?? this.get(id)).responseJson;
    return text === undefined ? null : responseStartOf(text, chars);
  }

  /**
   * The call the window shows now (null: none): no prune, in any process,
   * removes it while the window keeps saying so (see viewedCalls.ts). A
   * hint: a history that cannot be written just does not keep it.
   */
  showing(id: string | null): void {
    try {
      this.#history.showing(id);
    } catch {
      // Read-only or locked: the next word from the window tries again.
    }
  }

  #byIdPrefix(prefix: string): Call | undefined {
    if (prefix.length < 4) return undefined;
    const found = this.#history.findByIdPrefix(prefix);
    if (found.length > 1) {
      throw new AppError('validation', `"${prefix}" starts more than one call's id; give more of the id.`);
    }
    return found[0];
  }

  stop(id: string): Call {
    return this.#tracker.stop(this.get(id).id);
  }

  resume(id: string): Promise<Call> {
    return this.#tracker.resume(this.get(id));
  }

  /** Ask the service about a waiting call now; see CallTracker.checkNow. */
  checkNow(id: string): Promise<Call> {
    return this.#tracker.checkNow(this.get(id));
  }

  /**
   * Watch one waiting call in this process, e.g. `robot-tray call show --wait`
   * for a call the app or another command fired.
   */
  watch(id: string): Call {
    return this.#tracker.adopt(this.get(id));
  }

  /**
   * Fire again with exactly the method and arguments that call sent, or with
   * `changes` in their place: the arguments given replace the call's whole
   * (an argument left out is not sent), and the preset's are not merged in.
   * A call sent with secret fields needs their values given again.
   */
  async refire(id: string, changes: RefireChanges = {}): Promise<Call> {
    // The arguments' limits hold here as at every other door.
    const checked = parseInput(RefireChanges, changes, 'refire');
    const call = this.get(id);
    const robot = await this.#catalog.requireRobot(call.robotId);
    const preset =
      call.presetId === null
        ? undefined
        : (await this.#catalog.presets(robot.id)).find((p) => p.id === call.presetId);
    const args = refillSecrets(checked.args ?? call.args, preset, checked.fields ?? {});
    return this.#tracker.fire(robot, {
      method: checked.method ?? call.method,
      ...args,
      presetId: preset?.id ?? null,
      presetName: preset?.name ?? null,
      notifyOnFinish: call.notifyOnFinish,
    });
  }

  forget(id: string): void {
    const call = this.get(id);
    if (call.state === 'sending') {
      // Its trigger is on the wire; forgetting now would lose what it answers.
      throw new AppError(
        'validation',
        "This call is still being sent. Wait for the service's answer, then forget it.",
      );
    }
    this.#tracker.drop(call.id);
    this.#history.delete(call.id);
    this.#announcer.removed([call.id], null);
  }

  clearFinished(robotId?: string): number {
    const removed = this.#history.deleteFinished(robotId);
    if (removed > 0) this.#announcer.removed([], { robotId: robotId ?? null });
    return removed;
  }

  /**
   * A robot's or preset's run statistics over a period ending now unless
   * it says (see store/runStats.ts); a period past MAX_STATS_DAYS days, or
   * one that ends before it starts, is refused naming what to change.
   */
  stats(query: unknown, now: number): RunStats {
    const q = parseInput(RunStatsQuery, query, 'statistics');
    const until = q.until ?? now;
    if (until <= q.since)
      throw new AppError(
        'validation',
        'statistics: the period ends before it starts; choose an earlier start.',
      );
    if (until - q.since > MAX_STATS_DAYS * DAY_MS)
      throw new AppError(
        'validation',
        `statistics: the period spans more than ${MAX_STATS_DAYS.toString()} days; choose a later start.`,
      );
    const scope = { robotId: q.robotId, presetId: q.presetId };
    return this.#history.runStats(scope, q.since, until, q.points ?? 0);
  }

  async #fireSpec(robot: Robot, request: z.output<typeof FireRequest>): Promise<FireSpec> {
    const presetId = 'presetId' in request ? request.presetId : undefined;
    const preset = presetId === undefined ? undefined : await this.#catalog.requirePreset(presetId);
    return mergeFireSpec(robot, request, preset);
  }
}

/** The call with its robot's name now; a removed robot's calls keep the name stored when they were fired. */
function withNameNow<C extends { robotId: string; robotName: string }>(
  call: C,
  names: ReadonlyMap<string, string>,
): C {
  const now = names.get(call.robotId);
  return now === undefined || now === call.robotName ? call : { ...call, robotName: now };
}
