import type { Command } from 'commander';
import type { AppCore } from '../core/appCore.ts';
import type { FireRequest } from '../shared/models/fire.ts';
import type { JsonObject } from '../shared/models/json.ts';
import type { RobotView } from '../shared/models/robot.ts';
import {
  type ArgChanges,
  applyArgChanges,
  argFiles,
  collect,
  parseArgChanges,
  typedLookingNote,
} from './args.ts';
import { argFileTexts, argsJsonTexts } from './argsSources.ts';
import { usageError } from './cliError.ts';
import { argsLimitProblem } from '../shared/limits.ts';
import { findPreset } from './lookup.ts';
import { type FieldSourceOptions, fieldTexts } from './fieldSources.ts';

/** Notes on --arg values sent as text that read as numbers, flags or lists, said if the service refuses the call. */
let textThatLooksTyped: string[] = [];

export function argumentNotes(): readonly string[] {
  return textThatLooksTyped;
}

/** The options `fire` and `curl` share: what to send. */
export type SendOptions = {
  preset?: string;
  args?: string[];
  arg?: string[];
  get?: boolean;
} & FieldSourceOptions;

/**
 * The arguments given on the command line (`--args` may name a file with
 * @FILE, or stdin with -), parsed before the core is even opened.
 */
export async function givenArgs(options: Pick<SendOptions, 'args' | 'arg'>): Promise<JsonObject | undefined> {
  const changes = await givenChanges(options);
  return changes === undefined ? undefined : applyArgChanges({}, changes);
}

/** The same, as changes to apply over other arguments (a preset's, a past call's). */
export async function givenChanges(
  options: Pick<SendOptions, 'args' | 'arg'>,
): Promise<ArgChanges | undefined> {
  const json = await argsJsonTexts(options.args ?? []);
  const pairs = options.arg ?? [];
  if (json.length + pairs.length === 0) return undefined;
  const files = await argFileTexts(argFiles(pairs));
  const changes = parseArgChanges(json, pairs, (file) => files.get(file)!);
  textThatLooksTyped = pairs.flatMap((pair) => typedLookingNote(pair) ?? []);
  // The core refuses these in the same words; saying so here touches no data.
  const problem = argsLimitProblem(applyArgChanges({}, changes));
  if (problem !== undefined) throw usageError(`--args: ${problem}`);
  return changes;
}

/**
 * With a preset, the given arguments are set over the preset's (an --arg
 * path such as customer.id changes one nested key and keeps the rest) and
 * the preset's method is kept unless --get says GET; --field values fill
 * the preset's fields. Without one, a POST
 * (or GET) of exactly the given arguments.
 */
export async function fireRequest(
  core: AppCore,
  robot: RobotView,
  options: SendOptions,
  changes: ArgChanges | undefined,
  { prompt = true }: { prompt?: boolean } = {},
): Promise<FireRequest> {
  const method = options.get === true ? 'GET' : undefined;
  if (options.preset === undefined && (options.field?.length ?? 0) + (options.fieldEnv?.length ?? 0) > 0)
    throw usageError("--field gives a value to a preset's field; name the preset with --preset NAME.");
  if (options.preset === undefined) {
    return { method: method ?? 'POST', args: changes === undefined ? {} : applyArgChanges({}, changes) };
  }
  const preset = await findPreset(core, robot, options.preset);
  // Checked here to name the --field to pass; the core checks the same again.
  // Loaded here: the field rules hold schemas, and --help loads none.
  const { presetFieldValues } = await import('./fieldOptions.ts');
  const fields = presetFieldValues(preset, robot.name, await fieldTexts(options, preset.fields, { prompt }));
  return {
    presetId: preset.id,
    ...(fields === undefined ? {} : { fields }),
    ...(changes === undefined ? {} : { args: applyArgChanges(preset.args, changes), replaceArgs: true }),
    ...(method === undefined ? {} : { method }),
  };
}

/** --args, --arg and --get, worded the same for every command that sends. */
export function argumentOptions(command: Command): Command {
  return command
    .option(
      '--args <JSON>',
      'arguments as a JSON object, or @FILE to read it from a file, or - from stdin; may be repeated, later keys win',
      collect,
    )
    .option(
      '--arg <key=value>',
      'one argument, as HTTPie writes them: key=value sends text, key:=value sends JSON (n:=42, ok:=true, ' +
        "ids:=[1,2]); key=@FILE sends a file's text and key:=@FILE its JSON; a.b=value sets a nested key. " +
        'May be repeated; --arg wins over --args',
      collect,
    )
    .option('--get', 'send with GET (arguments as URL query parameters) instead of POST');
}
