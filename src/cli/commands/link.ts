import { Command } from 'commander';
import { collect } from '../args.ts';
import { notFoundError, usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { findPreset } from '../lookup.ts';
import { printLine } from '../output.ts';

type LinkOptions = { preset?: string; field?: string[] };

export function linkCommand(): Command {
  return new Command('link')
    .description(
      'print a robot-tray:// link that opens this robot and preset in the app, fields filled in, ready to ' +
        'fire after a click; it never holds a token',
    )
    .argument('<ROBOT>', 'the robot (its name goes into the link)')
    .option('--preset <NAME>', 'the preset the link opens')
    .option('--field <name=value>', 'a field value the link fills in; may be repeated', collect)
    .action(run(printLink));
}

function fieldPairs(given: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of given) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw usageError(`--field ${pair}: expected name=value, such as --field customerId=123.`);
    const name = pair.slice(0, eq);
    if (Object.hasOwn(fields, name))
      throw usageError(`--field ${name} is given twice; give each field once.`);
    fields[name] = pair.slice(eq + 1);
  }
  return fields;
}

async function printLink(robotName: string, options: LinkOptions): Promise<void> {
  const fields = fieldPairs(options.field ?? []);
  if (options.preset === undefined && Object.keys(fields).length > 0) {
    throw usageError('--field needs --preset: fields belong to a preset.');
  }
  // Loaded here, not at the top: they hold schemas, and --help loads none.
  const { formatFireLink } = await import('../../shared/links/fireLink.ts');
  const { linkFieldsProblem } = await import('../../shared/links/linkFields.ts');
  const text = await withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    const preset = options.preset === undefined ? undefined : await findPreset(core, robot, options.preset);
    // The stored names, so the link reads the same whoever typed it how.
    const link = formatFireLink({ robot: robot.name, ...(preset ? { preset: preset.name } : {}), fields });
    if (!link.ok) throw usageError(`No link can be made: ${link.reason}`);
    // Checked as the app will read it: fields this preset has, none secret, values of their kind.
    const problem = preset && linkFieldsProblem(preset.name, preset.fields, fields, { values: true });
    if (problem) throw usageError(`No link can be made: ${problem}`);
    return link.text;
  });
  printLine(text);
}

/** `open LINK`: what a link would open, read as the app reads it; nothing is fired. */
export function openCommand(): Command {
  return new Command('open')
    .description('show what a robot-tray:// link would open in the app, without firing anything')
    .argument('<LINK>', 'the robot-tray://fire?… link')
    .action(run(showLink));
}

async function showLink(text: string): Promise<void> {
  const { parseFireLink } = await import('../../shared/links/fireLink.ts');
  const parsed = parseFireLink(text);
  if (!parsed.ok) throw usageError(`This link cannot be opened: ${parsed.reason}`);
  const { linkNavigation } = await import('../../shared/links/linkNavigation.ts');
  const { showOpenedRun } = await import('./linkShow.ts');
  await withCore(async (core) => {
    const [own, ownPresets] = await Promise.all([core.listRobots(), core.listPresets()]);
    // Read as the app reads it: a team catalog's robots too, one's own first.
    const team = core.teamCatalog();
    const to = linkNavigation(text, { robots: own, presets: ownPresets }, team);
    if (to.view === 'linkProblem') throw notFoundError(to.message);
    if (to.view !== 'run') return;
    const robots = [...own, ...team.robots];
    const presets = [...ownPresets, ...team.presets];
    showOpenedRun(
      robots.find((r) => r.id === to.robotId)!,
      presets.find((p) => p.id === to.presetId),
      to.fields,
    );
  });
}
