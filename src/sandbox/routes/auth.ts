import type { IncomingMessage } from 'node:http';
import type { Robot, RobotRegistry } from '../robots.ts';

export const TOKEN_HEADER = 'x-service-token';

export type TokenCheck =
  { ok: true; robot: Robot } | { ok: false; code: 'missing_token' | 'invalid_token'; message: string };

/**
 * The spec shows no error for a missing, invalid or revoked token; we answer
 * 401 for all three, and do not tell an unknown token from a revoked one.
 */
export function checkToken(req: IncomingMessage, robots: RobotRegistry): TokenCheck {
  const token = req.headers[TOKEN_HEADER];
  if (typeof token !== 'string' || token === '') {
    return {
      ok: false,
      code: 'missing_token',
      message: `The ${TOKEN_HEADER} header is missing; send the robot's webhook token in it (on GET too).`,
    };
  }
  const robot = robots.byToken(token);
  if (robot === undefined) {
    return {
      ok: false,
      code: 'invalid_token',
      // Only the fact: the client says how to get a new token (the spec's Designer steps).
      message: 'The token is unknown or was revoked.',
    };
  }
  return { ok: true, robot };
}

/** The robot a request's token names, if any: used only to pick that robot's faults. */
export function robotOfRequest(req: IncomingMessage, robots: RobotRegistry): Robot | undefined {
  const token = req.headers[TOKEN_HEADER];
  return typeof token === 'string' ? robots.byToken(token) : undefined;
}
