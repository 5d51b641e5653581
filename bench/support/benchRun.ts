/**
 * What every benchmark shares: `--short` (tiny counts, a few seconds, for
 * `npm test`, figures not judged by anyone) and `--out FILE` (its figures as
 * JSON, for `npm run bench`), and printing its own table when run alone.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { benchOutputSchema, type Figure } from './figures.ts';
import { textTable } from './format.ts';

type StringOptions = Record<string, { type: 'string'; default: string }>;

/**
 * Parses the benchmark's own options; with `--short`, any option not given
 * on the command line takes its short default instead of its full one.
 */
export function benchArgs<O extends StringOptions>(
  options: O,
  shortDefaults: { [K in keyof O]?: string },
): { values: { [K in keyof O]: string }; short: boolean; out: string | undefined } {
  const config: ParseArgsOptionsConfig = {
    short: { type: 'boolean', default: false },
    out: { type: 'string' },
  };
  for (const name of Object.keys(options)) config[name] = { type: 'string' };
  const { values } = parseArgs({ options: config });
  const short = values['short'] === true;
  const chosen = {} as { [K in keyof O]: string };
  for (const [name, option] of Object.entries(options) as Array<[keyof O & string, O[keyof O]]>) {
    const given = values[name];
    chosen[name] =
      typeof given === 'string' ? given : short ? (shortDefaults[name] ?? option.default) : option.default;
  }
  const out = typeof values['out'] === 'string' ? values['out'] : undefined;
  return { values: chosen, short, out };
}

/** Prints the figures as a table and, when asked, writes them for `npm run bench`. */
export async function reportFigures(figures: Figure[], out: string | undefined): Promise<void> {
  const checked = benchOutputSchema.parse({ figures });
  console.log(`\n${textTable(checked.figures)}`);
  if (out !== undefined) await writeFile(out, `${JSON.stringify(checked, null, 2)}\n`);
}
