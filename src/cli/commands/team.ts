import path from 'node:path';
import { Command } from 'commander';
import { sameName } from '../../shared/models/robot.ts';
import type { TeamCatalogState } from '../../shared/models/teamCatalog.ts';
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
    .description('stop following the team catalog (its robots leave the lists; calls stay in history)')
    .option('--json', 'print the catalog state as JSON')
    .action(run(stop));
  team
    .command('copy')
    .description('copy a team robot and its presets to your own robots (a new robot: set its token)')
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

async function stop(options: { json?: boolean }): Promise<number> {
  return withCore(async (core) => report(await core.followTeamCatalog(null), options.json));
}

async function copy(name: string): Promise<void> {
  await withCore(async (core) => {
    const team = core.teamCatalog();
    const robot = team.robots.find((r) => sameName(r.name, name));
    if (robot === undefined)
      throw notFoundError('The team catalog has no robot of that name. See them with: robot-tray robot list');
    await core.copyTeamRobot(robot.id);
    printLine(
      `Copied "${robot.name}" and its presets to your robots. Set its token with: robot-tray token set ${shellWord(robot.name)}`,
    );
  });
}

async function status(options: { json?: boolean }): Promise<number> {
  return withCore(async (core) => report(core.teamCatalog(), options.json));
}
