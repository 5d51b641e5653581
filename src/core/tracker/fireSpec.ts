import type { Call } from '../../shared/models/call.ts';
import type { EchoPrints } from '../../shared/models/echoPrints.ts';
import type { z } from 'zod';
import type { FireRequest } from '../../shared/models/fire.ts';
import type { JsonObject } from '../../shared/models/json.ts';
import type { HttpMethod, Preset } from '../../shared/models/preset.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { argsLimitProblem } from '../../shared/limits.ts';
import { type FieldValues, fillPresetArgs, hasFieldReferences } from '../../shared/models/presetFields.ts';
import { AppError } from '../errors.ts';
import { argsCheckedOnEntry, checkCall } from '../store/callCheck.ts';

/** What one trigger sends, and the preset it came from (if any). */
export type FireSpec = {
  method: HttpMethod;
  /** What the robot is sent. */
  args: JsonObject;
  /**
   * What the call's record keeps when it differs from `args`: each secret
   * field's value replaced by a placeholder, so the history never holds it.
   */
  keptArgs?: JsonObject;
  /** The field values given, secret ones left out: remembered for the preset's next fire. */
  remember?: FieldValues;
  /** Each secret field's value as sent, as text: masked in every answer, never kept. */
  secrets?: string[];
  presetId?: string | null;
  presetName?: string | null;
  notifyOnFinish?: boolean;
};

/**
 * What to send for a fire request: the arguments and method given now, over
 * the preset's when one is named (a given argument replaces the preset's of
 * the same name; a given method replaces its method). The preset must belong
 * to the robot being fired. `request` is as the FireRequest schema gave it,
 * parsed where it came in.
 */
export function mergeFireSpec(
  robot: Robot,
  request: z.output<typeof FireRequest>,
  preset: Preset | undefined,
): FireSpec {
  // The arguments as the fire request's schema gave them: checked by the history's own schema for them.
  if (preset === undefined)
    return { method: request.method ?? 'POST', args: argsCheckedOnEntry(request.args ?? {}) };
  if (preset.robotId !== robot.id) {
    throw new AppError('validation', `presetId: preset "${preset.name}" belongs to another robot.`);
  }
  const merged =
    'replaceArgs' in request && request.replaceArgs
      ? (request.args ?? {})
      : { ...preset.args, ...request.args };
  // Each part is within the limits, but a preset's and a fire's together may not be.
  const problem = argsLimitProblem(merged);
  if (problem !== undefined) throw new AppError('validation', `args: ${problem}`);
  const filled = fillFields(preset, merged, 'fields' in request ? request.fields : undefined);
  return {
    method: request.method ?? preset.method,
    ...filled,
    presetId: preset.id,
    presetName: preset.name,
    notifyOnFinish: preset.notifyOnFinish,
  };
}

/**
 * The arguments with the preset's fill-in fields filled in, checked before
 * anything is sent: the arguments given with the fire are filled too (a
 * "Fire with changes" keeps its references). A preset without fields, fired
 * without values, is sent as it is.
 */
function fillFields(
  preset: Preset,
  args: JsonObject,
  values: FieldValues | undefined,
): Pick<FireSpec, 'args' | 'keptArgs' | 'remember' | 'secrets'> {
  // Nothing to fill: no values given and no reference left (a past call's
  // arguments, as "Copy as cURL" sends them over the preset's, are whole).
  const noValues = values === undefined || Object.keys(values).length === 0;
  if (noValues && (preset.fields.length === 0 || !hasFieldReferences(args))) return { args };
  const result = fillPresetArgs({ fields: preset.fields, args }, values ?? {});
  if (!result.ok) {
    throw new AppError(
      'validation',
      `The preset "${preset.name}" cannot be fired with these field values: ` +
        `${result.problems.map((p) => p.message).join('; ')}. Nothing was sent.`,
    );
  }
  const secret = new Set(preset.fields.filter((f) => f.secret).map((f) => f.name));
  const remember: FieldValues = {};
  for (const [name, value] of Object.entries(values ?? {}))
    if (!secret.has(name) && value !== null) remember[name] = value;
  return { args: result.args, keptArgs: result.kept, remember, secrets: secretTexts(secret, result.used) };
}

/**
 * The secret fields' values as an echo of them would read: text and numbers
 * (a yes/no is no secret worth the name, and masking every "true" would
 * mask half an answer).
 */
export function secretTexts(names: Iterable<string>, values: Readonly<FieldValues>): string[] {
  const texts: string[] = [];
  for (const name of names) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value === 'string' || typeof value === 'number') texts.push(String(value));
  }
  return texts;
}

/**
 * The record of a trigger about to be sent: state `sending`, every later
 * field at its default, its fields in the schema's order. Built here rather
 * than parsed (a fire's arguments were checked where they came in); checked
 * once, as the history will check it.
 */
export function newCall(
  robot: Robot,
  spec: FireSpec,
  id: string,
  now: number,
  url: string | null = null,
  at: { origin: string; basePath: string } | null = null,
  echoPrints?: EchoPrints,
): Call {
  return checkCall({
    id,
    robotId: robot.id,
    robotName: robot.name,
    presetId: spec.presetId ?? null,
    presetName: spec.presetName ?? null,
    method: spec.method,
    args: spec.keptArgs ?? spec.args,
    state: 'sending',
    webhookCallId: null,
    url,
    ...(at === null ? {} : { origin: at.origin, basePath: at.basePath }),
    rawStatus: null,
    warning: null,
    error: null,
    notifyOnFinish: spec.notifyOnFinish ?? false,
    createdAt: now,
    sentAt: now,
    acceptedAt: null,
    lastPolledAt: null,
    nextPollAt: null,
    finishedAt: null,
    watchUntil: null,
    pollCount: 0,
    timeline: [{ at: now, state: 'sending' }],
    ...(echoPrints === undefined ? {} : { echoPrints }),
  });
}
