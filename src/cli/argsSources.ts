import { readFile } from 'node:fs/promises';
import { readStdinCapped } from './stdin.ts';
import { usageError } from './cliError.ts';

/** More than this is not a set of robot arguments (the trigger answer cap is 1 MiB; bodies are far smaller). */
const MAX_ARGS_BYTES = 64 * 1024 * 1024;

/**
 * `--args` values as JSON text: `@FILE` reads a file, `-` reads stdin, anything
 * else is the JSON itself. A file or stdin has no length limit but this cap,
 * while one command-line word is capped at 128 KiB by Linux (and npx joins
 * every argument into one word, so there even two 110 KB --arg values fail).
 */
export async function argsJsonTexts(values: readonly string[]): Promise<string[]> {
  if (values.filter((v) => v === '-').length > 1) {
    throw usageError('--args -: stdin can be read only once; give - at most once.');
  }
  return Promise.all(values.map(readArgsSource));
}

async function readArgsSource(value: string): Promise<string> {
  if (value === '-') return readStdin();
  if (!value.startsWith('@')) return value;
  const file = value.slice(1);
  try {
    const text = await readFile(file, 'utf8');
    if (Buffer.byteLength(text) > MAX_ARGS_BYTES) throw tooLarge(`--args @${file}`);
    return text;
  } catch (error) {
    if ((error as { name?: string }).name === 'CliError') throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw usageError(`--args @${file}: the file cannot be read (${code}). Check the path.`);
  }
}

function readStdin(): Promise<string> {
  return readStdinCapped(MAX_ARGS_BYTES, () => tooLarge('--args -'));
}

function tooLarge(option: string) {
  return usageError(`${option}: more than ${MAX_ARGS_BYTES / (1024 * 1024)} MiB of arguments; send less.`);
}
