import { Command } from 'commander';
import type { Preset } from '../../shared/models/preset.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { argumentOptions, givenArgs, type SendOptions } from '../fireRequest.ts';
import { FIELDS_HELP } from '../fieldsHelp.ts';
import { findPreset } from '../lookup.ts';
import {
  compactJson,
  formatFields,
  formatTable,
  formatTime,
  printJson,
  printLine,
  shellWord,
} from '../output.ts';
import { presetEditCommand } from './presetEdit.ts';

type AddOptions = SendOptions & {
  name: string;
  tray?: boolean;
  notify?: boolean;
  json?: boolean;
  fields?: string;
};

/** A preset as --json shows it: the stored record plus its robot's name, for scripts. */
type PresetOut = Preset & { robotName: string };

export function presetCommand(): Command {
  const preset = new Command('preset').description('saved arguments for a robot, fired by name');
  argumentOptions(
    preset
      .command('add')
      .description('save a preset: a name, a method and arguments')
      .argument('<ROBOT>', 'the robot')
      .requiredOption('--name <NAME>', 'the preset name, e.g. "Rush order"'),
  )
    .option('--fields <JSON>', FIELDS_HELP)
    .option('--tray', 'pin the preset to the tray menu of the app')
    .option('--notify', 'notify when a run of it ends (in the app)')
    .option('--no-notify', 'do not notify (the default)')
    .option('--json', 'print the preset as JSON')
    .action(run(addPreset));
  preset.addCommand(presetEditCommand());
  preset
    .command('list')
    .description("list presets, all of them or one robot's")
    .argument('[ROBOT]', 'only this robot')
    .option('--json', 'print the presets as JSON')
    .action(run(listPresets));
  preset
    .command('show')
    .description('show one preset: its method, every argument in full, its fields, tray pin and notification')
    .argument('<ROBOT>', 'the robot')
    .argument('<NAME>', 'the preset')
    .option('--json', 'print the preset as JSON')
    .action(run(showPreset));
  preset
    .command('remove')
    .description('remove a preset')
    .argument('<ROBOT>', 'the robot')
    .argument('<NAME>', 'the preset')
    .option('--json', 'print the removed preset as JSON')
    .action(run(removePreset));
  return preset;
}

async function addPreset(robotName: string, options: AddOptions): Promise<void> {
  const args = (await givenArgs(options)) ?? {};
  const { givenFields } = await import('../fieldOptions.ts');
  const fields = await givenFields(options.fields);
  await withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    const preset = await core.createPreset({
      robotId: robot.id,
      name: options.name,
      method: options.get === true ? 'GET' : 'POST',
      args,
      ...(fields === undefined ? {} : { fields }),
      pinnedToTray: options.tray === true,
      notifyOnFinish: options.notify === true,
    });
    if (options.json === true) return printJson({ ...preset, robotName: robot.name });
    printLine(
      `Added preset "${preset.name}" to robot "${robot.name}": ${preset.method} ${compactJson(preset.args)}. ` +
        `Fire it with: robot-tray fire ${shellWord(robot.name)} --preset ${shellWord(preset.name)}` +
        preset.fields
          .filter((f) => f.required && f.default === undefined)
          .map((f) => ` --field ${f.name}=VALUE`)
          .join(''),
    );
  });
}

async function listPresets(robotName: string | undefined, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const team = core.teamCatalog();
    const robots = [...(await core.listRobots()), ...team.robots];
    const only = robotName === undefined ? undefined : await core.getRobot(robotName);
    const names = new Map(robots.map((r) => [r.id, r.name]));
    // One's own presets, then the team catalog's (read-only, listed after).
    const listed =
      only === undefined ? [...(await core.listPresets()), ...team.presets] : await core.listPresets(only.id);
    const presets: PresetOut[] = listed
      .filter((p) => names.has(p.robotId))
      .map((p) => ({ ...p, robotName: names.get(p.robotId)! }));
    if (options.json === true) return printJson(presets);
    if (presets.length === 0) {
      return printLine(
        `No presets${only === undefined ? '' : ` for robot "${only.name}"`} yet. ` +
          'Save one with: robot-tray preset add ROBOT --name NAME --arg key=value',
      );
    }
    printLine(
      formatTable(
        ['ROBOT', 'PRESET', 'METHOD', 'TRAY', 'NOTIFY', 'ARGUMENTS'],
        presets.map((p) => [
          p.robotName,
          p.name,
          p.method,
          p.pinnedToTray ? 'pinned' : '-',
          p.notifyOnFinish ? 'yes' : 'no',
          compactJson(p.args),
        ]),
      ),
    );
  });
}

async function showPreset(robotName: string, name: string, options: { json?: boolean }): Promise<void> {
  // Loaded here: both modules hold schemas, and --help loads none.
  const { describeFields } = await import('../fieldOptions.ts');
  const { usualRunBasis } = await import('../../shared/models/usualRun.ts');
  await withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    const preset = await findPreset(core, robot, name);
    const usual = core.usualRun({ robotId: robot.id, presetId: preset.id });
    if (options.json === true) {
      return printJson({ ...preset, robotName: robot.name, ...(usual === undefined ? {} : { usual }) });
    }
    printLine(
      formatFields([
        ['preset', preset.name],
        ['robot', robot.name],
        ['method', preset.method],
        [
          'runs',
          usual === undefined
            ? 'fewer than 10 finished: polled on the poll policy'
            : `${usual.text} (${usualRunBasis(usual.runs)} of this preset, else its robot)`,
        ],
        ['tray', preset.pinnedToTray ? 'pinned to the tray menu' : 'not pinned'],
        ['notify', preset.notifyOnFinish ? 'yes, when a run ends' : 'no'],
        ['arguments', JSON.stringify(preset.args, null, 2)],
        ['fields', describeFields(preset.fields)],
        ['created', formatTime(preset.createdAt)],
        ['updated', formatTime(preset.updatedAt)],
        ['id', preset.id],
      ]),
    );
  });
}

async function removePreset(robotName: string, name: string, options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    const preset = await findPreset(core, robot, name);
    await core.deletePreset(preset.id);
    if (options.json === true) return printJson({ ...preset, robotName: robot.name });
    printLine(`Removed preset "${preset.name}" of robot "${robot.name}".`);
  });
}
