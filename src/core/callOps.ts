import { z } from 'zod';
import type { Call } from '../shared/models/call.ts';
import { FireRequest } from '../shared/models/fire.ts';
import { JsonObject } from '../shared/models/json.ts';
import { HttpMethod } from '../shared/models/preset.ts';
import { type FieldValues, FieldValuesInput } from '../shared/models/presetFields.ts';
import type { Robot } from '../shared/models/robot.ts';
import type { Catalog } from './catalog.ts';
import type { CallReading } from './callReading.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import { AppError, parseInput } from './errors.ts';
import { buildCurlCommand } from './http/curlCommand.ts';
import { targetOf } from './http/targetUrl.ts';
import type { CallHistory } from './store/callHistory.ts';
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

/**
 * notifyOnFinish: the tray fired it; pollAtOnce: someone waits on the call
 * (`fire --wait`), so its first status query goes out right after acceptance;
 * callId: the id the call is recorded with, chosen (and stored) by a batch
 * before the trigger goes out, so a batch resumed after a crash can tell
 * whether a row's trigger was ever recorded.
 */
export type FireOptions = { notifyOnFinish?: boolean; pollAtOnce?: boolean; callId?: string };

/**
 * What AppCore does to calls: firing (a preset merged in, or a call sent
 * again), and stopping, resuming, watching and forgetting one. Reading
 * calls is CallReading's (callReading.ts).
 */
export class CallOps {
  readonly #catalog: Catalog;
  readonly #history: CallHistory;
  readonly #tracker: CallTracker;
  readonly #announcer: CoreAnnouncer;
  readonly #memory: PresetMemory;
  readonly #reading: CallReading;

  constructor(parts: {
    reading: CallReading;
    catalog: Catalog;
    history: CallHistory;
    tracker: CallTracker;
    announcer: CoreAnnouncer;
    memory: PresetMemory;
  }) {
    this.#memory = parts.memory;
    this.#reading = parts.reading;
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

  stop(id: string): Call {
    return this.#tracker.stop(this.#reading.get(id).id);
  }

  resume(id: string): Promise<Call> {
    return this.#tracker.resume(this.#reading.get(id));
  }

  /** Ask the service about a waiting call now; see CallTracker.checkNow. */
  checkNow(id: string): Promise<Call> {
    return this.#tracker.checkNow(this.#reading.get(id));
  }

  /**
   * Watch one waiting call in this process, e.g. `robot-tray call show --wait`
   * for a call the app or another command fired.
   */
  watch(id: string): Call {
    return this.#tracker.adopt(this.#reading.get(id));
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
    const call = this.#reading.get(id);
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
    const call = this.#reading.get(id);
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

  async #fireSpec(robot: Robot, request: z.output<typeof FireRequest>): Promise<FireSpec> {
    const presetId = 'presetId' in request ? request.presetId : undefined;
    const preset = presetId === undefined ? undefined : await this.#catalog.requirePreset(presetId);
    return mergeFireSpec(robot, request, preset);
  }
}
