import { readStdinCapped } from './stdin.ts';
import { usageError } from './cliError.ts';

/** More than this is not a set of robot arguments (the trigger answer cap is 1 MiB; bodies are far smaller). */
const MAX_ARGS_BYTES = 64 * 1024 * 1024;

/** JSON text given with an option, and how to name where it came from in an error ("--args @a.json"). */
export type ArgsText = { text: string; where: string };

/**
 * `--args` values as JSON text: `@FILE` reads a file, `-` reads stdin, anything
 * else is the JSON itself. A file or stdin has no length limit but this cap,
 * while one command-line word is capped at 128 KiB by Linux (and npx joins
 * every argument into one word, so there even two 110 KB --arg values fail).
 * `option` is the option they came with (--args, --fields).
 */
export async function argsJsonTexts(values: readonly string[], option = '--args'): Promise<ArgsText[]> {
  if (values.filter((v) => v === '-').length > 1) {
    throw usageError(`${option} -: stdin can be read only once; give - at most once.`);
  }
  return Promise.all(values.map((value) => readArgsSource(value, option)));
}

async function readArgsSource(value: string, option: string): Promise<ArgsText> {
  if (value === '-') return { text: withoutBom(await readStdin(option)), where: `${option} -` };
  if (!value.startsWith('@')) return { text: value, where: option };
  const where = `${option} @${value.slice(1)}`;
  return { text: await readArgsFile(value.slice(1), where, `To pipe it in, use ${option} -.`), where };
}

/**
 * A file saved as "UTF-8 with BOM" (Notepad, Excel) starts with U+FEFF,
 * which JSON.parse refuses; it marks the encoding and is no part of the text.
 */
function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The text of each file an `--arg key=@FILE` names, by file. */
export async function argFileTexts(files: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of files)
    texts.set(file, await readArgsFile(file, `--arg …=@${file}`, 'To pipe arguments in, use --args -.'));
  return texts;
}

async function readArgsFile(file: string, option: string, pipeHint: string): Promise<string> {
  // Loaded only here: --help and usage errors must not load the core (start-up).
  const { problemWords, readUserFile, UserFileError } = await import('../core/files/readUserFile.ts');
  try {
    return withoutBom((await readUserFile(file, MAX_ARGS_BYTES)).toString('utf8'));
  } catch (error) {
    if (!(error instanceof UserFileError)) throw error;
    if (error.problem.reason === 'too-large') throw tooLarge(option);
    // A pipe is refused like any special file.
    const hint = error.problem.reason === 'special' ? ` ${pipeHint}` : ' Check the path.';
    throw usageError(`${option}: the file ${problemWords(error.problem)}.${hint}`);
  }
}

function readStdin(option: string): Promise<string> {
  return readStdinCapped(MAX_ARGS_BYTES, () => tooLarge(`${option} -`));
}

function tooLarge(option: string) {
  return usageError(`${option}: more than ${MAX_ARGS_BYTES / (1024 * 1024)} MiB; send less.`);
}
