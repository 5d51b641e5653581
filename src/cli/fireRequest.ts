import type { Command } from 'commander';
import type { AppCore } from '../core/appCore.ts';
import type { FireRequest } from '../shared/models/fire.ts';
import type { JsonObject } from '../shared/models/json.ts';
import type { RobotView } from '../shared/models/robot.ts';
import { buildArgs, collect } from './args.ts';
import { argsJsonTexts } from './argsSources.ts';
import { usageError } from './cliError.ts';
import { argsLimitProblem } from '../shared/limits.ts';
import { findPreset } from './lookup.ts';

/** The options `fire` and `curl` share: what to send. */
export type SendOptions = { preset?: string; args?: string[]; arg?: string[]; get?: boolean };

/**
 * The arguments given on the command line (`--args` may name a file with
 * @FILE, or stdin with -), parsed before the core is even opened.
 */
export async function givenArgs(options: Pick<SendOptions, 'args' | 'arg'>): Promise<JsonObject | undefined> {
  const json = await argsJsonTexts(options.args ?? []);
  const pairs = options.arg ?? [];
  if (json.length + pairs.length === 0) return undefined;
  const args = buildArgs(json, pairs);
  // The core refuses these in the same words; saying so here touches no data.
  const problem = argsLimitProblem(args);
  if (problem !== undefined) throw usageError(`--args: ${problem}`);
  return args;
}

/**
 * With a preset, the core merges the given arguments over the preset's and
 * keeps the preset's method unless --get says GET. Without one, a POST
 * (or GET) of exactly the given arguments.
 */
export async function fireRequest(
  core: AppCore,
  robot: RobotView,
  options: SendOptions,
  args: JsonObject | undefined,
): Promise<FireRequest> {
  const method = options.get === true ? 'GET' : undefined;
  if (options.preset === undefined) return { method: method ?? 'POST', args: args ?? {} };
  const preset = await findPreset(core, robot, options.preset);
  return {
    presetId: preset.id,
    ...(args === undefined ? {} : { args }),
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
      'one argument; the value is read as JSON when it is valid JSON (42, true, null, [1], {"a":1}), ' +
        'else kept as text; key:=value always keeps text. May be repeated; --arg wins over --args',
      collect,
    )
    .option('--get', 'send with GET (arguments as URL query parameters) instead of POST');
}
