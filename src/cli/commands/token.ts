import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { RobotView } from '../../shared/models/robot.ts';
import { notFoundError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { formatTime, printJson, printLine, shellWord } from '../output.ts';
import { readSecret } from '../secretInput.ts';

/** What the token commands print with --json: never the token, only whether there is one. */
type TokenState = { robot: string; robotId: string; hasToken: boolean; updatedAt: number | null };

function state(robot: RobotView, hasToken: boolean, updatedAt: number | null): TokenState {
  return { robot: robot.name, robotId: robot.id, hasToken, updatedAt };
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
    const updated = await core.setToken(robot.id, secret);
    if (options.json === true) return printJson(state(updated, true, updated.tokenUpdatedAt));
    printLine(`Stored the token of robot "${robot.name}" in the system keychain.`);
  });
}

async function clearToken(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const { robot, hadToken } = await core.clearToken((await robotForToken(core, name)).id);
    if (options.json === true) return printJson(state(robot, false, null));
    printLine(
      hadToken
        ? `Deleted the token of robot "${robot.name}" from the system keychain.`
        : `Robot "${robot.name}" had no token in the system keychain; nothing was deleted.`,
    );
  });
}

async function tokenStatus(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const robot = await robotForToken(core, name);
    const status = await core.tokenStatus(robot.id);
    if (options.json === true) return printJson(state(robot, status.hasToken, status.updatedAt));
    printLine(
      status.hasToken
        ? `Robot "${robot.name}" has a token in the system keychain (stored ${formatTime(status.updatedAt)}).`
        : `Robot "${robot.name}" has no token. Set one with: robot-tray token set ${shellWord(robot.name)}`,
    );
  });
}
