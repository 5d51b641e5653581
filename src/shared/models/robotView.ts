import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { Robot } from './robot.ts';
import { hasUsableToken, tokenSuspension } from './tokenOrigin.ts';

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

export const TokenStatus = lazySchema(() =>
  z.object({
    hasToken: z.boolean(),
    updatedAt: z.number().nullable(),
    /** Set when the stored token is bound to another origin than the robot's: both origins. */
    suspended: z.object({ from: z.string(), to: z.string() }).nullable().default(null),
  }),
);
export type TokenStatus = z.infer<typeof TokenStatus>;

export function robotView(robot: Robot): RobotView {
  return { ...robot, hasToken: hasUsableToken(robot), tokenSuspended: tokenSuspension(robot) };
}
