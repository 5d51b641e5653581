import type { JsonObject } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';
import { callIdProblem } from './targetUrl.ts';

/**
 * The webhookCallId of an accepted trigger's (redacted) answer, or the
 * protocol error that says why the run cannot be followed. Each refusal says
 * the robot may have started: the service accepted the trigger.
 */
export function webhookCallIdOf(json: JsonObject, status: number): string {
  const id = json['webhookCallId'];
  const refuse = (message: string) => new AppError('protocol', message, { status, maybeDelivered: true });
  if (typeof id !== 'string') {
    throw refuse(
      `The service accepted the trigger (HTTP ${status}) but its answer has no webhookCallId string, ` +
        'so the run cannot be followed. The robot may have started.',
    );
  }
  if (id.includes('[redacted]')) {
    // The service sent the token back as (part of) the id: it is never stored, shown or used.
    throw refuse(
      "The service returned a webhookCallId that contains the robot's token, so Robot Tray neither keeps nor uses it " +
        'and the run cannot be followed. The robot may have started; consider generating a new token in its Designer.',
    );
  }
  const problem = callIdProblem(id);
  if (problem !== undefined) {
    throw refuse(
      `The service accepted the trigger (HTTP ${status}) but the webhookCallId it returned ${problem}, ` +
        'so the run cannot be followed. The robot has probably started; check the service before firing again.',
    );
  }
  return id;
}
