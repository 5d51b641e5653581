import { usageError } from './cliError.ts';
import { readStdinCapped } from './stdin.ts';

/** Thrown when people press Ctrl+C at the hidden prompt. */
export class PromptInterrupted extends Error {
  constructor() {
    super('Interrupted.');
    this.name = 'PromptInterrupted';
  }
}

/** What is read, for the message when nothing was: "The token", and a command that pipes it in. */
export type SecretWanted = { what: string; example: string };

const TOKEN: SecretWanted = { what: 'The token', example: 'robot-tray token set NAME < token.txt' };

/**
 * Reads a secret from stdin only, never from argv or the environment, where
 * it would show in `ps`, shell history or CI logs. On a terminal it prompts
 * on stderr and reads without echo; otherwise it reads all of stdin (a pipe
 * or a file) and trims it. The value is returned and never written anywhere.
 */
export async function readSecret(prompt: string, wanted: SecretWanted = TOKEN): Promise<string> {
  const text = process.stdin.isTTY ? await promptHidden(prompt) : await readAll();
  const secret = text.trim();
  if (secret === '') {
    throw usageError(
      `${wanted.what} read from stdin is empty. Pipe it in (for example: ${wanted.example}) or type it at the prompt.`,
    );
  }
  return secret;
}

/**
 * The most stdin may hold: a token of at most 4,096 characters, with room for
 * surrounding blank lines. More is not a token, and is refused as soon as it
 * is seen, without reading the rest into memory.
 */
export const MAX_SECRET_INPUT_BYTES = 64 * 1024;

function readAll(): Promise<string> {
  return readStdinCapped(MAX_SECRET_INPUT_BYTES, () =>
    usageError(
      `stdin holds more than ${MAX_SECRET_INPUT_BYTES / 1024} KiB, far more than a token (at most 4,096 characters); nothing was stored. ` +
        'Pipe in just the token, for example: robot-tray token set NAME < token.txt',
    ),
  );
}

function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo goes off before the prompt shows, so a token pasted the moment the
  // prompt appears is never echoed.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new PromptInterrupted());
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch === '\u0015') value = '';
        else if (ch >= ' ' && value.length <= MAX_SECRET_INPUT_BYTES) value += ch;
      }
    };
    stdin.on('data', onData);
  });
}
