import path from 'node:path';
import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { RobotView } from '../../shared/models/robot.ts';
import { isTeamId } from '../../shared/teamIds.ts';
import { baseUrlFrom } from '../../shared/models/robotUrls.ts';
import { CliError, usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { errorKindOf } from '../exitCodes.ts';
import { formatTable, printJson, printLine, shellWord } from '../output.ts';
import { readSecret } from '../secretInput.ts';
import { robotEditCommand } from './robotEdit.ts';
import { CONFIRM_TRUST_FLAG, CONFIRM_TRUST_HELP, trustByFlag } from '../trustFlag.ts';

type AddOptions = {
  name: string;
  baseUrl: string;
  tokenStdin?: boolean;
  allowInsecureHttp?: boolean;
  notes?: string;
  caFile?: string;
  acceptCert?: string;
  confirmTrust?: boolean;
  json?: boolean;
};

export function robotCommand(): Command {
  const robot = new Command('robot').description('add, edit, list and remove robots');
  robot
    .command('add')
    .description('add a robot: a name for people and the base address of its service')
    .argument('[NAME]', 'the name you will use in commands, e.g. "Invoice sync" (or --name)')
    .option('--name <NAME>', 'the same name as an option')
    .requiredOption(
      '--base-url <URL>',
      "the service's base address, e.g. https://robots.example.com (a pasted trigger URL is taken back to its base)",
    )
    .option(
      '--token-stdin',
      "also store the robot's webhook token, read from stdin (hidden prompt on a terminal)",
    )
    .option(
      '--allow-insecure-http',
      'allow a plain http:// address on another machine (the token would travel unencrypted)',
    )
    .option('--notes <TEXT>', 'free text for people')
    .option('--ca-file <FILE>', 'also trust the CA certificates in this PEM file for this robot')
    .option('--accept-cert <SHA256>', 'accept exactly this certificate, by its SHA-256 fingerprint')
    .option(CONFIRM_TRUST_FLAG, CONFIRM_TRUST_HELP)
    .option('--json', 'print the robot as JSON')
    .action(run(addRobot));
  robot.addCommand(robotEditCommand());
  robot
    .command('list')
    .description('list robots, with whether each has a token')
    .option('--json', 'print the robots as JSON')
    .action(run(listRobots));
  robot
    .command('remove')
    .description('remove a robot, its presets and its token (its calls stay in history)')
    .argument('<NAME>', 'the robot')
    .option('--json', 'print the removed robot as JSON')
    .action(run(removeRobot));
  return robot;
}

/**
 * The new robot's name, given as the argument (as `robot edit NAME` and the
 * other commands take it) or as --name; both at once must agree.
 */
function addedName(argument: string | undefined, option: string | undefined): string {
  if (argument !== undefined && option !== undefined && argument !== option) {
    throw usageError(
      `robot add: the name is given twice, as "${argument}" and as --name "${option}". Give it once.`,
    );
  }
  const name = argument ?? option;
  if (name === undefined) {
    throw usageError(
      'robot add: give the robot a name, e.g. robot-tray robot add "Invoice sync" --base-url https://robots.example.com',
    );
  }
  return name;
}

async function addRobot(
  nameArgument: string | undefined,
  given: Omit<AddOptions, 'name'> & { name?: string },
): Promise<void> {
  const options: AddOptions = { ...given, name: addedName(nameArgument, given.name) };
  // The token is read before anything is created, so a failed read leaves nothing half done.
  const token =
    options.tokenStdin === true
      ? await readSecret(`Webhook token for robot "${options.name}" (input hidden): `)
      : undefined;
  await withCore(async (core) => {
    let robot = await core.createRobot(
      {
        name: options.name,
        // A pasted trigger or query URL stands for its base; the line below says which base.
        baseUrl: baseUrlFrom(options.baseUrl).baseUrl,
        notes: options.notes,
        allowInsecureHttp: options.allowInsecureHttp === true,
        caFile: options.caFile === undefined ? undefined : path.resolve(options.caFile),
        pinnedCertSha256: options.acceptCert,
      },
      trustByFlag(options.confirmTrust),
    );
    if (token !== undefined) robot = await storeToken(core, robot, token);
    if (options.json === true) return printJson(robot);
    printLine(
      `Added robot "${robot.name}" at ${robot.baseUrl}` +
        (robot.hasToken
          ? ', with its token in the system keychain.'
          : `. It has no token yet: robot-tray token set ${shellWord(robot.name)}`),
    );
  });
}

async function storeToken(core: AppCore, robot: RobotView, token: string): Promise<RobotView> {
  try {
    await core.setToken(robot.id, token);
    return await core.getRobot(robot.id);
  } catch (error) {
    if (errorKindOf(error) === 'keychain') {
      // The robot is worth keeping: only its token is missing, and can be set once the keychain works.
      throw new CliError(
        'keychain',
        `Robot "${robot.name}" was added without its token. ${(error as Error).message} Then run: robot-tray token set ${shellWord(robot.name)}`,
      );
    }
    // The token itself was refused: undo the add so the same command, with a good token, just works.
    await core.deleteRobot(robot.id).catch(() => undefined);
    throw error;
  }
}

type ListedRobot = Omit<RobotView, 'hasToken'> & { hasToken: boolean | null };

function tokenWords(r: ListedRobot): string {
  if (r.hasToken === null) return 'unknown (keychain unavailable)';
  if (r.hasToken) return 'stored';
  return r.tokenSuspended !== null ? `set for ${r.tokenSuspended.from}, not confirmed` : 'needed';
}

function robotTable(robots: ListedRobot[], presetCount: (id: string) => number): string {
  return formatTable(
    ['NAME', 'BASE URL', 'TOKEN', 'PRESETS'],
    robots.map((r) => [r.name, r.baseUrl, tokenWords(r), String(presetCount(r.id))]),
  );
}

async function listRobots(options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const listed = await core.listRobots();
    // The keychain is asked, not our note of it; without a keychain we say we don't know.
    const states = listed.length === 0 ? new Map<string, boolean>() : await core.tokenStates();
    const robots = listed.map((r) => ({
      ...r,
      hasToken: states === undefined ? null : (states.get(r.id) ?? false),
    }));
    // The team's robots come after one's own, marked, with the keychain's word on their tokens.
    const team = core.teamCatalog();
    if (options.json === true)
      return printJson([...robots, ...team.robots.map((r) => ({ ...r, team: true }))]);
    const presets = await core.listPresets();
    const count = (id: string) =>
      (isTeamId(id) ? team.presets : presets).filter((p) => p.robotId === id).length;
    if (robots.length === 0 && team.file === null) {
      return printLine(
        'No robots yet. Add one with: robot-tray robot add --name NAME --base-url URL --token-stdin',
      );
    }
    if (robots.length > 0) printLine(robotTable(robots, count));
    if (team.file === null) return;
    if (robots.length > 0) printLine();
    printLine(`Team catalog ${team.file} (read-only):`);
    if (team.robots.length > 0) printLine(robotTable(team.robots, count));
    if (team.problem !== null) printLine(`Problem: ${team.problem}`);
  });
}

async function removeRobot(name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const robot = await core.getRobot(name);
    const presets = (await core.listPresets(robot.id)).length;
    const { hadToken } = await core.deleteRobot(robot.id);
    if (options.json === true) return printJson(robot);
    const presetCount = presets === 1 ? '1 preset' : `${presets} presets`;
    printLine(
      hadToken
        ? `Removed robot "${robot.name}", its ${presetCount} and its token; its calls stay in history.`
        : `Removed robot "${robot.name}" and its ${presetCount} (it had no token); its calls stay in history.`,
    );
  });
}
