import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { RobotView } from '../../shared/models/robot.ts';
import type { TokenStatus } from '../../shared/models/robotView.ts';
import { notFoundError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { formatTime, printJson, printLine, shellWord } from '../output.ts';
import { readSecret } from '../secretInput.ts';
import { suspensionSentence, type TokenSuspension } from '../../shared/models/tokenOrigin.ts';

/**
 * What the token commands print with --json: never the token, only whether
 * one is ready for the robot's origin, and both origins when it is bound to
 * another one (suspended).
 */
type TokenState = {
  robot: string;
  robotId: string;
  hasToken: boolean;
  updatedAt: number | null;
  suspended: TokenSuspension | null;
};

function state(robot: RobotView, status: TokenStatus): TokenState {
  return {
    robot: robot.name,
    robotId: robot.id,
    hasToken: status.hasToken,
    updatedAt: status.updatedAt,
    suspended: status.suspended,
  };
}

export function tokenCommand(): Command {
  const token = new Command('token').description("manage a robot's webhook token in the system keychain");
  token
    .command('set')
    .description('store the token, read from stdin (hidden prompt on a terminal), never from arguments')
    .argument('<NAME>', 'the robot')
    .option('--json', 'print the token state as JSON')
    .addHelpText('after', '\nExample:\n  robot-tray token set "Invoice sync" < token.txt')
    .action(run(setToken));
  token
    .command('clear')
    .description('delete the token from the keychain')
    .argument('<NAME>', 'the robot')
    .option('--json', 'print the token state as JSON')
    .action(run(clearToken));
  token
    .command('move')
    .description(
      "use the stored token for the robot's new origin, after its base URL moved to another scheme, host or port",
    )
    .argument('<NAME>', 'the robot')
    .option('--json', 'print the token state as JSON')
    .action(run(moveToken));
  token
    .command('status')
    .description('say whether the keychain holds a token for the robot')
    .argument('<NAME>', 'the robot')
    .option('--json', 'print the token state as JSON')
    .action(run(tokenStatus));
  return token;
}

/**
 * The robot named on a token command. Not found, the name is not quoted back:
 * people sometimes paste the token itself where the name goes.
 */
async function robotForToken(core: AppCore, name: string): Promise<RobotView> {
  try {
    return await core.getRobot(name);
  } catch (error) {
    if ((error as { kind?: string }).kind !== 'not-found') throw error;
    throw notFoundError('No robot has that name. List robots with: robot-tray robot list');
  }
}

async function setToken(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    // Look the robot up first, so a typo fails before anyone types a secret.
    const robot = await robotForToken(core, name);
    const secret = await readSecret(`Webhook token for robot "${robot.name}" (input hidden): `);
    const status = await core.setToken(robot.id, secret);
    if (options.json === true) return printJson(state(robot, status));
    printLine(`Stored the token of robot "${robot.name}" in the system keychain, for ${status.origin} only.`);
  });
}

async function clearToken(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const robot = await robotForToken(core, name);
    const status = await core.clearToken(robot.id);
    if (options.json === true) return printJson(state(robot, status));
    printLine(
      status.changed
        ? `Deleted the token of robot "${robot.name}" from the system keychain.`
        : `Robot "${robot.name}" had no token in the system keychain; nothing was deleted.`,
    );
  });
}

async function moveToken(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const robot = await robotForToken(core, name);
    const from = robot.tokenSuspended?.from;
    const status = await core.moveToken(robot.id);
    if (options.json === true) return printJson(state(robot, status));
    printLine(
      from === undefined
        ? `The token of robot "${robot.name}" is already used for ${robot.baseUrl}; nothing was moved.`
        : `The token of robot "${robot.name}" set for ${from} is now used for ${status.origin}.`,
    );
  });
}

async function tokenStatus(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const robot = await robotForToken(core, name);
    const status = await core.tokenStatus(robot.id);
    if (options.json === true) return printJson(state(robot, status));
    printLine(
      status.hasToken
        ? `Robot "${robot.name}" has a token in the system keychain (stored ${formatTime(status.updatedAt)}).`
        : status.suspended !== null
          ? suspensionSentence(robot.name, status.suspended)
          : `Robot "${robot.name}" has no token (token needed). Set one with: robot-tray token set ${shellWord(robot.name)}`,
    );
  });
}
