import { Command } from 'commander';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { usageError } from '../cliError.ts';
import { collect } from '../args.ts';
import { changeArgs, describeArgChanges } from '../argChanges.ts';
import { givenChanges } from '../fireRequest.ts';
import { FIELDS_HELP } from '../fieldsHelp.ts';
import { findPreset } from '../lookup.ts';
import { compactJson, printJson, printLine } from '../output.ts';

type EditOptions = {
  name?: string;
  args?: string[];
  arg?: string[];
  unsetArg?: string[];
  clearArgs?: boolean;
  get?: boolean;
  post?: boolean;
  tray?: boolean;
  notify?: boolean;
  json?: boolean;
  fields?: string;
};

/** `preset edit ROBOT NAME`: change a preset's arguments, method, pin and notification. */
export function presetEditCommand(): Command {
  return new Command('edit')
    .description("change a preset's name, arguments, fields, method, tray pin or notification")
    .argument('<ROBOT>', 'the robot')
    .argument('<NAME>', 'the preset')
    .option('--name <NEW>', 'a new name')
    .option(
      '--args <JSON>',
      'arguments to set, as a JSON object: each top-level key it names is replaced whole, the others are kept',
      collect,
    )
    .option(
      '--arg <key=value>',
      'one argument to set (read as in robot-tray fire); a.b=value sets key b inside a, keeping its other keys; may be repeated',
      collect,
    )
    .option('--unset-arg <KEY>', 'remove one argument (a.b for a nested one); may be repeated', collect)
    .option('--clear-args', 'remove every argument first')
    .option('--fields <JSON>', FIELDS_HELP)
    .option('--get', 'send it with GET')
    .option('--post', 'send it with POST')
    .option('--tray', 'pin it to the tray menu')
    .option('--no-tray', 'unpin it from the tray menu')
    .option('--notify', 'notify when a run of it ends')
    .option('--no-notify', 'do not notify')
    .option('--json', 'print the preset as JSON')
    .action(run(editPreset));
}

async function editPreset(robotName: string, name: string, options: EditOptions): Promise<void> {
  if (options.get === true && options.post === true) throw usageError('Give --get or --post, not both.');
  const given = await givenChanges(options);
  const { givenFields } = await import('../fieldOptions.ts');
  const fields = await givenFields(options.fields);
  const touchesArgs =
    given !== undefined || options.clearArgs === true || (options.unsetArg?.length ?? 0) > 0;
  const method = options.get === true ? 'GET' : options.post === true ? 'POST' : undefined;
  const untouched = [options.name, method, options.tray, options.notify, fields].every(
    (v) => v === undefined,
  );
  if (!touchesArgs && untouched) {
    throw usageError('Nothing to change: give at least one option. See: robot-tray preset edit --help');
  }
  await withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    const preset = await findPreset(core, robot, name);
    const args = touchesArgs
      ? changeArgs(
          preset.args,
          { given, unset: options.unsetArg, clear: options.clearArgs },
          `preset "${preset.name}"`,
        )
      : undefined;
    const updated = await core.updatePreset(preset.id, {
      name: options.name,
      args,
      fields,
      method,
      pinnedToTray: options.tray,
      notifyOnFinish: options.notify,
    });
    if (options.json === true) return printJson({ ...updated, robotName: robot.name });
    const changed = args === undefined ? [] : describeArgChanges(preset.args, updated.args);
    printLine(
      `Updated preset "${updated.name}" of robot "${robot.name}": ${updated.method} ${compactJson(updated.args)}.` +
        (args === undefined
          ? ''
          : changed.length === 0
            ? '\nArguments: unchanged.'
            : `\nArguments: ${changed.join('; ')}.`),
    );
  });
}
