import { getEncodingProblem } from '../shared/getEncoding.ts';
import type { Preset } from '../shared/models/preset.ts';
import { fieldReferenceProblems, replaceFieldReferences } from '../shared/models/presetFields.ts';
import type { Robot } from '../shared/models/robot.ts';
import { AppError } from './errors.ts';
import { targetOf } from './http/targetUrl.ts';
import { originOf } from '../shared/models/tokenOrigin.ts';

/*
 * What a robot or preset must be to be saved, whoever saves it: the
 * catalog, an import, a team catalog's copy. Pure rules, refused by name.
 */

/**
 * Plain http to another machine would carry the token unencrypted: refused
 * when the robot is saved, not first at fire, unless the robot allows it.
 */
export function assertSafeTransport(robot: Robot): void {
  try {
    targetOf(robot);
  } catch (error) {
    const message = (error as Error).message.replace(/^Robot "[^"]*" uses/, 'uses');
    throw new AppError('validation', `baseUrl: ${message}`);
  }
}

/**
 * A GET preset whose arguments have no exact query-string form is refused
 * when saved, not first at fire; a field reference stands for one text or
 * number there. An argument naming a field the preset does not declare is
 * refused too, naming where it is.
 */
export function assertSendable(preset: Preset): void {
  const references = fieldReferenceProblems(preset.fields, preset.args);
  if (references.length > 0) throw new AppError('validation', references.map((p) => p.message).join('; '));
  const args = replaceFieldReferences(preset.args, () => '');
  const problem = preset.method === 'GET' ? getEncodingProblem(args) : undefined;
  if (problem !== undefined) throw new AppError('validation', `args: ${problem}`);
}

export { sameName } from '../shared/names.ts';

/**
 * Why a confirmed token move did not happen, for one's own robots and a
 * team's alike: the address changed while the person was asked, or there
 * is no stored token to move.
 */
export function tokenNotMoved(robot: Robot, expectedOrigin?: string): AppError | undefined {
  if (expectedOrigin !== undefined && originOf(robot.baseUrl) !== expectedOrigin) {
    return new AppError(
      'validation',
      `Robot "${robot.name}" no longer points at ${expectedOrigin} (its address changed while you were asked), so its token was not moved. Check its address and confirm again.`,
    );
  }
  return undefined;
}

export function noTokenToMove(robot: Robot): AppError {
  return new AppError(
    'not-found',
    `Robot "${robot.name}" has no stored token to move to ${originOf(robot.baseUrl)}. Set its token instead.`,
  );
}
