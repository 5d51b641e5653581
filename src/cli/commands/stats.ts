import { Command, InvalidArgumentError } from 'commander';
import { MAX_STATS_DAYS } from '../../shared/limits.ts';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { findPreset } from '../lookup.ts';
import { printJson, printLine } from '../output.ts';

type StatsOptions = { preset?: string; since: number; json?: boolean };

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** --since: a span back from now, such as 24h, 7d or 2w. */
export function parseSince(value: string): number {
  const match = /^\s*(\d+)\s*([hdw])\s*$/i.exec(value);
  const ms =
    match === null ? NaN : Number(match[1]) * UNIT_MS[match[2]!.toLowerCase() as keyof typeof UNIT_MS];
  if (!(ms > 0) || ms > MAX_STATS_DAYS * UNIT_MS.d)
    throw new InvalidArgumentError(
      `expected a span back from now such as 24h, 7d or 2w, of at most ${MAX_STATS_DAYS.toString()} days.`,
    );
  return ms;
}

export function statsCommand(): Command {
  return new Command('stats')
    .description('how a robot (or one preset, or every robot) ran: outcomes, run times p50/p90, by day')
    .argument('[ROBOT]', 'the robot, by name or id (default: every robot)')
    .option('--preset <PRESET>', "only this preset's calls (needs ROBOT)")
    .option('--since <SPAN>', 'the period, back from now: 24h, 7d, 2w, …', parseSince, 7 * UNIT_MS.d)
    .option('--json', 'print the statistics as JSON')
    .action(run(showStats));
}

async function showStats(robotName: string | undefined, options: StatsOptions): Promise<void> {
  if (options.preset !== undefined && robotName === undefined)
    throw usageError('--preset needs the robot it belongs to: robot-tray stats ROBOT --preset PRESET');
  await withCore(async (core) => {
    const robot = robotName === undefined ? undefined : await core.getRobot(robotName);
    const preset =
      robot === undefined || options.preset === undefined
        ? undefined
        : await findPreset(core, robot, options.preset);
    const stats = core.runStats({
      ...(robot === undefined ? {} : { robotId: robot.id }),
      ...(preset === undefined ? {} : { presetId: preset.id }),
      since: Date.now() - options.since,
    });
    if (options.json === true) return printJson(stats);
    const title =
      robot === undefined
        ? 'every robot'
        : preset === undefined
          ? robot.name
          : `${robot.name} · ${preset.name}`;
    // Loaded here: it reads the statistics' schema module (zod), which --help never loads.
    const { statsText } = await import('../statsReport.ts');
    printLine(statsText(stats, title, process.stdout.isTTY === true));
  });
}
