import { z } from 'zod';
import { Robot } from './robot.ts';

/**
 * What the window and the CLI see of a robot: the record plus whether a token
 * is stored. Never the token: the window sends one once and only ever hears
 * back whether one exists and when it was set.
 */
export const RobotView = Robot.extend({ hasToken: z.boolean() });
export type RobotView = z.infer<typeof RobotView>;

export const TokenStatus = z.object({ hasToken: z.boolean(), updatedAt: z.number().nullable() });
export type TokenStatus = z.infer<typeof TokenStatus>;

export function robotView(robot: Robot): RobotView {
  return { ...robot, hasToken: robot.tokenUpdatedAt !== null };
}
