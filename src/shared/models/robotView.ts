import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { Robot } from './robot.ts';
import { hasUsableToken, originOf, type TokenNote, tokenSuspension } from './tokenOrigin.ts';

/**
 * What the window and the CLI see of a robot: the record plus whether a token
 * is stored. Never the token: the window sends one once and only ever hears
 * back whether one exists and when it was set.
 */
export const RobotView = lazySchema(() =>
  Robot.extend({
    /** A token stands ready for the robot's own origin. */
    hasToken: z.boolean(),
    /** The token is bound to another origin (the robot's address moved): not sent until confirmed. */
    tokenSuspended: z.object({ from: z.string(), to: z.string() }).nullable(),
  }),
);
export type RobotView = z.infer<typeof RobotView>;

/**
 * Where a robot's token stands, as every token operation answers (set,
 * clear, move, status; the core, the IPC contract and the CLI alike). Never
 * the token. The window takes no state from it: its stores follow the
 * catalog and team events, which every window and process hears.
 */
export const TokenStatus = lazySchema(() =>
  z.object({
    /** A token stands ready for the robot's own origin. */
    hasToken: z.boolean(),
    /** When the token was set; null without one, and for a team robot's (this desk does not date those). */
    updatedAt: z.number().nullable(),
    /** The robot's own origin: where its token is sent, and where a token set now is bound. */
    origin: z.string(),
    /** Set when the stored token is bound to another origin than the robot's: both origins. */
    suspended: z.object({ from: z.string(), to: z.string() }).nullable(),
    /** This request changed the keychain: a token stored, deleted or moved (false for a question). */
    changed: z.boolean(),
  }),
);
export type TokenStatus = z.infer<typeof TokenStatus>;

/** The token status a robot's record notes (the keychain not asked). */
export function noteStatus(robot: TokenNote, changed: boolean): TokenStatus {
  return {
    hasToken: hasUsableToken(robot),
    updatedAt: robot.tokenUpdatedAt,
    origin: originOf(robot.baseUrl),
    suspended: tokenSuspension(robot),
    changed,
  };
}

export function robotView(robot: Robot): RobotView {
  return { ...robot, hasToken: hasUsableToken(robot), tokenSuspended: tokenSuspension(robot) };
}
