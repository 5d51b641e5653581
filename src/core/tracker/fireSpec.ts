import { Call } from '../../shared/models/call.ts';
import type { z } from 'zod';
import type { FireRequest } from '../../shared/models/fire.ts';
import type { JsonObject } from '../../shared/models/json.ts';
import type { HttpMethod, Preset } from '../../shared/models/preset.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { argsLimitProblem } from '../../shared/limits.ts';
import { AppError } from '../errors.ts';

/** What one trigger sends, and the preset it came from (if any). */
export type FireSpec = {
  method: HttpMethod;
  args: JsonObject;
  presetId?: string | null;
  presetName?: string | null;
  notifyOnFinish?: boolean;
};

/**
 * What to send for a fire request: the arguments and method given now, over
 * the preset's when one is named (a given argument replaces the preset's of
 * the same name; a given method replaces its method). The preset must belong
 * to the robot being fired.
 */
export function mergeFireSpec(
  robot: Robot,
  request: z.output<typeof FireRequest>,
  preset: Preset | undefined,
): FireSpec {
  if (preset === undefined) return { method: request.method ?? 'POST', args: request.args ?? {} };
  if (preset.robotId !== robot.id) {
    throw new AppError('validation', `presetId: preset "${preset.name}" belongs to another robot.`);
  }
  const args =
    'replaceArgs' in request && request.replaceArgs
      ? (request.args ?? {})
      : { ...preset.args, ...request.args };
  // Each part is within the limits, but a preset's and a fire's together may not be.
  const problem = argsLimitProblem(args);
  if (problem !== undefined) throw new AppError('validation', `args: ${problem}`);
  return {
    method: request.method ?? preset.method,
    args,
    presetId: preset.id,
    presetName: preset.name,
    notifyOnFinish: preset.notifyOnFinish,
  };
}

/** The record of a trigger about to be sent: state `sending`, every later field at its default. */
export function newCall(
  robot: Robot,
  spec: FireSpec,
  id: string,
  now: number,
  url: string | null = null,
  at: { origin: string; basePath: string } | null = null,
): Call {
  return Call.parse({
    id,
    url,
    ...(at === null ? {} : { origin: at.origin, basePath: at.basePath }),
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
}
