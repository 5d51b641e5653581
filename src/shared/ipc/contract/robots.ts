import { z } from 'zod';
import { Diagnosis } from '../../models/diagnosis.ts';
import { RobotInput, RobotPatch } from '../../models/robot.ts';
import { RobotView, TokenStatus } from '../../models/robotView.ts';
import { ById, ByRobot, Id, NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

/** Robots and their tokens. A token goes to main once and never comes back. */
export const robotMethods = methods({
  listRobots: { request: NoRequest, response: z.array(RobotView) },
  createRobot: { request: RobotInput.strict(), response: RobotView },
  updateRobot: { request: z.object({ id: Id, patch: RobotPatch.strict() }).strict(), response: RobotView },
  /** Deletes the robot, its presets and its token; its calls stay in history. */
  deleteRobot: { request: ById, response: Nothing },
  setToken: {
    // The vault checks the token's content; here only that it is text of a sane size.
    request: z
      .object({ robotId: Id, token: z.string().min(1, 'must not be empty').max(16_384, 'is too long') })
      .strict(),
    response: TokenStatus,
  },
  clearToken: { request: ByRobot, response: TokenStatus },
  /** Asks the keychain itself (and repairs Robot Tray's note of it). */
  tokenStatus: { request: ByRobot, response: TokenStatus },
  /**
   * How the robot's service is reached (DNS, proxy, TLS, certificate chain)
   * and whether its trigger endpoint answers; nothing is fired, no token sent.
   */
  diagnoseRobot: { request: ById, response: Diagnosis },
});
