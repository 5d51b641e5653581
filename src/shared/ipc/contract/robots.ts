import { z } from 'zod';
import { Diagnosis } from '../../models/diagnosis.ts';
import { CaFileSummary } from '../../models/network.ts';
import { PollPolicyOverrides } from '../../models/pollPolicy.ts';
import { RobotInput } from '../../models/robot.ts';
import { RobotView, TokenStatus } from '../../models/robotView.ts';
import { tokenProblem } from '../../limits.ts';
import { ById, ByRobot, Id, NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

/**
 * A robot as the window may create or change it: never a path. A CA file is
 * chosen in main's own file dialog (chooseRobotCaFile), so the window cannot
 * make main open a pipe, a device or someone else's file; `caFile` here is a
 * validation error, like any field the contract does not know.
 */
export const WindowRobotInput = RobotInput.omit({ caFile: true })
  .extend({ pollPolicy: PollPolicyOverrides.strict().optional() })
  .strict();
export const WindowRobotPatch = WindowRobotInput.partial().strict();

/** A CA file main read for a robot: the robot as saved and what the window shows of the file. */
export const RobotCaChoice = z.object({ robot: RobotView, ca: CaFileSummary });

/** A token as the window sends it: refused here by the same rule the vault and the CLI apply. */
const Token = z.string().superRefine((token, ctx) => {
  const problem = tokenProblem(token);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * Robots and their tokens. A token goes to main once and never comes back:
 * each token method answers the token's status (TokenStatus), and the
 * window's stores take a token's state from the catalog and team events
 * alone, which every window hears whoever changed it.
 * A robot's `caFile`, in every answer and event, is the file's name only:
 * main never hands the window a path (main/ipc/windowView.ts).
 */
export const robotMethods = methods({
  listRobots: { request: NoRequest, response: z.array(RobotView) },
  createRobot: { request: WindowRobotInput, response: RobotView },
  updateRobot: { request: z.object({ id: Id, patch: WindowRobotPatch }).strict(), response: RobotView },
  /**
   * Main shows the native file dialog; the file chosen is checked (a regular
   * PEM file of at most 1 MiB) and saved as the robot's CA file. Null when
   * the dialog was cancelled: nothing changed.
   */
  chooseRobotCaFile: { request: ByRobot, response: RobotCaChoice.nullable() },
  /**
   * What the window shows of the robot's saved CA file (its name, how many
   * certificates, the first one's subject and fingerprint), read by main now
   * from the path it keeps; null when the robot has none.
   */
  describeRobotCaFile: { request: ByRobot, response: CaFileSummary.nullable() },
  /** The robot trusts no CA file of its own any more. */
  clearRobotCaFile: { request: ByRobot, response: RobotView },
  /** Deletes the robot, its presets and its token; its calls stay in history. */
  deleteRobot: { request: ById, response: Nothing },
  setToken: {
    // The one token rule (src/shared/limits.ts), as the vault and the CLI apply it.
    request: z.object({ robotId: Id, token: Token }).strict(),
    response: TokenStatus,
  },
  clearToken: { request: ByRobot, response: TokenStatus },
  /** Asks the keychain itself (and repairs Robot Tray's note of it). */
  tokenStatus: { request: ByRobot, response: TokenStatus },
  /**
   * A token suspended because the robot's address moved to another origin:
   * main asks the person in a native dialog naming both origins, and moves
   * the token only if they confirm there. The window's request alone never
   * moves it. Answers the token's status after the question.
   */
  confirmTokenOrigin: { request: ByRobot, response: TokenStatus },
  /**
   * How the robot's service is reached (DNS, proxy, TLS, certificate chain)
   * and whether its trigger endpoint answers; nothing is fired, no token sent.
   */
  diagnoseRobot: { request: ById, response: Diagnosis },
});
