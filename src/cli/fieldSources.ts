import type { Command } from 'commander';
import type { PresetField } from '../shared/models/presetFields.ts';
import { collect } from './args.ts';
import { usageError } from './cliError.ts';
import { readSecret } from './secretInput.ts';

/** `--field` and `--field-env`, as every command that fills a preset's fields takes them. */
export type FieldSourceOptions = { field?: string[]; fieldEnv?: string[] };

/** The value that means "read this field from stdin" (a hidden prompt on a terminal). */
export const FROM_STDIN = '@-';

export function fieldSourceOptions(command: Command, what: string): Command {
  return command
    .option(
      '--field <NAME=VALUE>',
      `${what}; may be repeated. NAME=@- reads the value from stdin (a hidden prompt on a terminal)`,
      collect,
    )
    .option(
      '--field-env <NAME=VAR>',
      'read the value of field NAME from environment variable VAR, so a secret never shows on the command line; may be repeated',
      collect,
    );
}

function pairsOf(pairs: readonly string[], flag: string, example: string): Array<[string, string]> {
  return pairs.map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw usageError(`${flag} ${pair}: give ${example}.`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  });
}

/**
 * The text given for each field by name, wherever it came from: `--field
 * NAME=VALUE`, `--field NAME=@-` (stdin, hidden on a terminal), `--field-env
 * NAME=VAR`, or, for a secret field given none of these while stdin is a
 * terminal, a hidden prompt. A secret written on the command line is used,
 * with a note on stderr that the process list and shell history show it.
 * A later value for the same name wins, as with --arg.
 */
export async function fieldTexts(
  options: FieldSourceOptions,
  fields: readonly Pick<PresetField, 'name' | 'secret' | 'label' | 'required'>[],
  { prompt = true }: { prompt?: boolean } = {},
): Promise<Record<string, string>> {
  const stderr = (line: string) => process.stderr.write(`${line}\n`);
  const texts: Record<string, string> = {};
  const set = (name: string, value: string) =>
    Object.defineProperty(texts, name, { value, enumerable: true, writable: true, configurable: true });
  const secret = new Set(fields.filter((f) => f.secret).map((f) => f.name));
  const pairs = pairsOf(options.field ?? [], '--field', 'NAME=VALUE, like --field customerId=123');
  const fromStdin = pairs.filter(([, value]) => value === FROM_STDIN).map(([name]) => name);
  if (fromStdin.length > 1)
    throw usageError(
      `--field ${fromStdin.join(', ')}: only one field can be read from stdin; give the others with --field-env NAME=VAR.`,
    );
  for (const [name, value] of pairs) {
    if (value === FROM_STDIN) {
      set(name, await readSecret(`Value of field ${name} (input hidden): `, fieldWanted(name)));
      continue;
    }
    if (secret.has(name))
      stderr(
        `robot-tray: --field ${name}=… puts a secret on the command line, where the process list and shell history show it. ` +
          `Next time use --field ${name}=@- (stdin) or --field-env ${name}=VAR.`,
      );
    set(name, value);
  }
  for (const [name, variable] of pairsOf(
    options.fieldEnv ?? [],
    '--field-env',
    'NAME=VAR, like --field-env pin=ORDER_PIN',
  )) {
    const value = process.env[variable];
    if (value === undefined)
      throw usageError(`--field-env ${name}=${variable}: the environment variable ${variable} is not set.`);
    set(name, value);
  }
  // A secret field still missing is asked for where someone can answer without it showing.
  if (prompt && process.stdin.isTTY && fromStdin.length === 0) {
    for (const field of fields) {
      if (!field.secret || !field.required || Object.hasOwn(texts, field.name)) continue;
      const label = field.label === undefined || field.label === field.name ? '' : ` (${field.label})`;
      set(
        field.name,
        await readSecret(
          `Secret field ${field.name}${label}, never kept (input hidden): `,
          fieldWanted(field.name),
        ),
      );
    }
  }
  return texts;
}

function fieldWanted(name: string) {
  return {
    what: `The value of field ${name}`,
    example: `robot-tray fire ROBOT --preset P --field ${name}=@- < value.txt`,
  };
}
