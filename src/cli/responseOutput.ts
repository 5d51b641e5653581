import { writeFile } from 'node:fs/promises';
import type { Call } from '../shared/models/call.ts';
import { prettyResponse } from './callReport.ts';
import { usageError } from './cliError.ts';
import { printProblem } from './output.ts';

/**
 * `--output -`: the response alone on stdout, whole, for a pipe (`| jq`);
 * a file named "-" is never what people mean.
 */
export function printResponse(call: Call, json: boolean): void {
  if (json) throw usageError('--output - and --json both write to stdout; give one of them.');
  if (call.response === undefined) {
    throw usageError(`--output -: call ${call.id} has no response to write (it is ${call.state}).`);
  }
  process.stdout.write(prettyResponse(call) + '\n');
}

/** The response as a file, for one too large to read on a terminal; says where it went on stderr. */
export async function writeResponse(call: Call, file: string): Promise<void> {
  if (call.response === undefined) {
    throw usageError(`--output ${file}: call ${call.id} has no response to write (it is ${call.state}).`);
  }
  const text = prettyResponse(call) + '\n';
  try {
    await writeFile(file, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw usageError(
      `--output ${file}: the file cannot be written (${code}). Check the path and its folder.`,
    );
  }
  printProblem(
    `Wrote the response of call ${call.id} to ${file} (${Buffer.byteLength(text).toLocaleString('en-US')} bytes).`,
  );
}
