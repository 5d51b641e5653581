import type { Call } from '../../shared/models/call.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { suspensionSentence, tokenSuspension } from '../../shared/models/tokenOrigin.ts';
import { DESIGNER_TOKEN_STEPS } from '../../shared/sentences/tokenSteps.ts';
import type { Clock } from '../clock.ts';
import { AppError, asAppError } from '../errors.ts';
import type { WebhookClient } from '../http/webhookClient.ts';
import type { EchoKeys } from '../vault/echoKeys.ts';
import { callTarget } from './callTarget.ts';
import { afterAnswer, afterQueryFailure, moveTo, type PollOutcome } from './transitions.ts';

/** What one status query needs: the robot, its token for an origin, the call's mask, the client, the time. */
export type PollDeps = {
  robotById: (robotId: string) => Promise<Robot | undefined>;
  tokenFor: (robot: Robot, origin: string) => Promise<string | undefined>;
  echo: Pick<EchoKeys, 'maskFor' | 'forget'>;
  client: WebhookClient;
  clock: Clock;
};

/**
 * One status query of a waiting call, at the origin it was fired at with the
 * token bound there (if any), and what it leads to; no outcome when its robot
 * is gone. Whatever fails (the robots file unreadable for a moment, the
 * keychain, the network), the call stays scheduled unless the failure is final.
 */
export async function pollOnce(
  deps: PollDeps,
  call: Call & { webhookCallId: string },
): Promise<{ robot: Robot | undefined; outcome: PollOutcome | undefined }> {
  let robot: Robot | undefined;
  try {
    robot = await deps.robotById(call.robotId);
    if (robot === undefined) return { robot, outcome: undefined };
    const target = callTarget(call, robot);
    if (target === undefined) {
      const note = 'Robot Tray has no record of where this call was fired, so it is not queried anywhere.';
      return { robot, outcome: { call: moveTo(call, 'stopped', deps.clock.now(), note), pollAgain: false } };
    }
    const token = robot.sendTokenOnQuery ? await deps.tokenFor(robot, target.origin) : undefined;
    // Every secret the trigger carried (its token, whichever it was then, and secret field values),
    // from the prints the call keeps: the answer is masked of them whichever process fired it.
    const mask = await deps.echo.maskFor(call);
    const result = await deps.client.query(target, token, call.webhookCallId, mask);
    const outcome = afterAnswer(call, result, deps.clock.now());
    if (!outcome.pollAgain) deps.echo.forget(call);
    return { robot, outcome };
  } catch (error) {
    return { robot, outcome: afterQueryFailure(call, asAppError(error), deps.clock.now()) };
  }
}

/** Why a robot cannot be fired for want of a token: none yet, or one bound to another origin. */
export function missingToken(robot: Robot): AppError {
  const suspended = tokenSuspension(robot);
  if (suspended !== null) return new AppError('validation', suspensionSentence(robot.name, suspended));
  return new AppError(
    'validation',
    `Robot "${robot.name}" has no token yet. Generate one ${DESIGNER_TOKEN_STEPS} it, and set it in Robot Tray.`,
  );
}
