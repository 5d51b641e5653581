import type { z } from 'zod';
import { stripUndefined } from '../shared/objects.ts';
import { Robot, type RobotInput, type RobotPatch } from '../shared/models/robot.ts';
import { originOf } from '../shared/models/tokenOrigin.ts';

/*
 * A robot record as it becomes when created or changed, pure: the catalog
 * writes it, and the trust check (trustChanges.ts) compares it with the
 * record before, so the change asked about is the change written.
 */

export type RobotFields = z.output<typeof RobotInput>;
export type RobotPatchFields = z.output<typeof RobotPatch>;

/**
 * The origin a robot's token is bound to, written down before its address
 * changes: a token stored before tokens were bound to origins (noted as null)
 * belongs to the address it was used with until now, not to the new one.
 */
function boundOrigin(robot: Robot): string | null {
  if (robot.tokenOrigin !== null || robot.tokenUpdatedAt === null) return robot.tokenOrigin;
  return originOf(robot.baseUrl);
}

/**
 * An accepted certificate belongs to the host it was accepted for. One given
 * now is bound to the robot's origin as saved; one kept from before stays
 * only while the robot stays at its origin, and is forgotten when the robot
 * moves (accept it again there, after checking).
 */
function pinOf(robot: Robot, before: Robot | null, given: string | null | undefined): Robot {
  const origin = originOf(robot.baseUrl);
  const pin = robot.pinnedCertSha256;
  if (pin === null) return { ...robot, pinnedCertOrigin: null };
  if (given !== undefined || before === null) return { ...robot, pinnedCertOrigin: origin };
  return before.pinnedCertOrigin === origin
    ? { ...robot, pinnedCertOrigin: origin }
    : { ...robot, pinnedCertSha256: null, pinnedCertOrigin: null };
}

export function newRobot(fields: RobotFields, id: string, now: number): Robot {
  const robot = Robot.parse({ ...fields, id, createdAt: now, updatedAt: now });
  return pinOf(robot, null, fields.pinnedCertSha256);
}

export function patchedRobot(current: Robot, fields: RobotPatchFields, now: number): Robot {
  const robot = Robot.parse({
    ...current,
    ...stripUndefined(fields),
    tokenOrigin: boundOrigin(current),
    updatedAt: now,
  });
  return pinOf(robot, current, fields.pinnedCertSha256);
}
