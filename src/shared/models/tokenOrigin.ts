/**
 * A stored token belongs to the origin (scheme, host, port) it was set for.
 * Robot Tray keeps it in the keychain under an account naming that origin,
 * and notes the origin (never the token) in the robot's record, so a robot
 * whose address moved elsewhere finds no token for its new origin and can
 * say where its token is bound.
 */

import { isLoopbackHost } from '../net/loopback.ts';

/** Plain http to another machine: a token sent there travels unencrypted. */
export function isPlainHttpElsewhere(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** scheme://host[:port] of a base URL (the default port left out, as URL.origin does). */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** A robot's token, and where it is bound, as its record notes them. */
export type TokenNote = {
  baseUrl: string;
  tokenUpdatedAt: number | null;
  /** null when no token is stored. */
  tokenOrigin: string | null;
};

/** The robot's token is bound to another origin than its own: not sent until someone confirms the move. */
export type TokenSuspension = { from: string; to: string };

export function tokenSuspension(robot: TokenNote): TokenSuspension | null {
  if (robot.tokenUpdatedAt === null || robot.tokenOrigin === null) return null;
  const to = originOf(robot.baseUrl);
  return robot.tokenOrigin === to ? null : { from: robot.tokenOrigin, to };
}

/** Whether a token stands ready for the robot's own origin. */
export function hasUsableToken(robot: TokenNote): boolean {
  return robot.tokenUpdatedAt !== null && tokenSuspension(robot) === null;
}

/**
 * What people read wherever a suspended token stops something: both origins
 * and the two ways on.
 */
export function suspensionSentence(robotName: string, s: TokenSuspension): string {
  const insecure = isPlainHttpElsewhere(s.to);
  return (
    `The token of robot "${robotName}" was set for ${s.from}, and the robot now points at ${s.to}` +
    `${insecure ? ' over plain http, where the token would travel unencrypted' : ''}, ` +
    `so Robot Tray does not send it there until you confirm: use "Use the token for ${s.to}…" in its Token section, ` +
    `or run: robot-tray token move "${robotName}". Or set a new token for ${s.to}.`
  );
}
