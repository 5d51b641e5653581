import path from 'node:path';
import { Command } from 'commander';
import { sameName } from '../../shared/names.ts';
import type { RobotView } from '../../shared/models/robotView.ts';
import type { TeamCatalogState } from '../../shared/models/teamCatalog.ts';
import { originOf } from '../../shared/models/tokenOrigin.ts';
import { notFoundError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { ExitCode } from '../exitCodes.ts';
import { formatTime, printJson, printLine, shellWord } from '../output.ts';

export function teamCommand(): Command {
  const team = new Command('team').description(
    'follow a team catalog: an export file in a shared folder or git checkout, read-only, its robots beside yours',
  );
  team
    .command('follow')
    .description('follow this catalog file (the app reloads it when it changes)')
    .argument('<FILE>', 'a file written by robot-tray export or Export… in the app')
    .option('--json', 'print the catalog state as JSON')
    .action(run(follow));
  team
    .command('stop')
    .description(
      "stop following the team catalog (its robots leave the lists; calls stay in history) and remove its robots' tokens from the keychain",
    )
    .option('--keep-tokens', "keep the team robots' tokens in the keychain, for following the catalog again")
    .option('--json', 'print the catalog state as JSON')
    .action(run(stop));
  team
    .command('copy')
    .description(
      "copy a team robot and its presets to your own robots; the team robot's token on this desk comes along, for the same address only",
    )
    .argument('<ROBOT>', "the team's robot")
    .action(run(copy));
  team
    .command('status')
    .description(
      'say which catalog is followed, what it holds and whether the file is usable now (exit 1 if not)',
    )
    .option('--json', 'print the catalog state as JSON')
    .action(run(status));
  return team;
}

/** One line on the catalog, for `team` and `doctor`: what is followed, what it holds, and any problem. */
export function teamSummary(team: TeamCatalogState): string {
  if (team.file === null) return 'none followed (robot-tray team follow FILE)';
  const robots = team.robots.length === 1 ? '1 robot' : `${team.robots.length} robots`;
  const presets = team.presets.length === 1 ? '1 preset' : `${team.presets.length} presets`;
  const held =
    team.loadedAt === null ? 'nothing read yet' : `${robots}, ${presets}, read ${formatTime(team.loadedAt)}`;
  return `${team.file}: ${held}` + (team.problem === null ? '' : `. Problem: ${team.problem}`);
}

function report(team: TeamCatalogState, json: boolean | undefined): number {
  if (json === true) printJson(team);
  else printLine(`Team catalog ${teamSummary(team)}`);
  return team.problem === null ? ExitCode.ok : ExitCode.failure;
}

async function follow(file: string, options: { json?: boolean }): Promise<number> {
  return withCore(async (core) => {
    const team = await core.followTeamCatalog(path.resolve(file));
    const code = report(team, options.json);
    const needed = team.robots.find((r) => !r.hasToken);
    if (options.json !== true && needed !== undefined)
      printLine(`Its robots need a token on this desk: robot-tray token set ${shellWord(needed.name)}`);
    return code;
  });
}

async function stop(options: { json?: boolean; keepTokens?: boolean }): Promise<number> {
  return withCore(async (core) => {
    const file = core.teamCatalog().file;
    const stopped = await core.stopTeamCatalog({ keepTokens: options.keepTokens === true });
    if (options.json === true) return report(stopped.team, true);
    printLine(
      `${file === null ? 'No team catalog was followed.' : `Stopped following the team catalog ${file}.`} ${tokensWords(stopped)}`,
    );
    return ExitCode.ok;
  });
}

/** What became of the team robots' tokens on stopping. */
function tokensWords({ tokens, kept }: { tokens: number; kept: boolean }): string {
  if (tokens === 0) return 'No team robot had a token in the system keychain.';
  const count = tokens === 1 ? '1 token' : `${tokens} tokens`;
  return kept
    ? `Its robots' ${count} ${tokens === 1 ? 'stays' : 'stay'} in the system keychain, used again if you follow a catalog with these robots.`
    : `Removed its robots' ${count} from the system keychain; set them again if you follow it again.`;
}

async function copy(name: string): Promise<void> {
  await withCore(async (core) => {
    const team = core.teamCatalog();
    const robot = team.robots.find((r) => sameName(r.name, name));
    if (robot === undefined)
      throw notFoundError('The team catalog has no robot of that name. See them with: robot-tray robot list');
    const plan = await core.copyTeamRobot(robot.id);
    const came = plan.robots[0]?.token === 'kept';
    printLine(`Copied "${robot.name}" and its presets to your robots. ${copiedTokenWords(robot, came)}`);
  });
}

/** Whether the copy has the team robot's token, and if not why, with the command that sets one. */
function copiedTokenWords(robot: RobotView, came: boolean): string {
  const origin = originOf(robot.baseUrl);
  if (came) return `Its token came along, for ${origin} as the team robot's.`;
  const set = `Set its token with: robot-tray token set ${shellWord(robot.name)}`;
  const s = robot.tokenSuspended;
  if (s !== null)
    return (
      `Its token did not come along: the team robot's token is for ${s.from}, and the robot points at ${s.to}; ` +
      `a token goes to another address only when you confirm it. ${set}`
    );
  if (robot.hasToken) return `Its token could not be read from the system keychain now. ${set}`;
  return `The team robot has no token on this desk, so the copy has none. ${set}`;
}

async function status(options: { json?: boolean }): Promise<number> {
  return withCore(async (core) => report(core.teamCatalog(), options.json));
}
