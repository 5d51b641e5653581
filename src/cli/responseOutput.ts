import type { Call } from '../shared/models/call.ts';
import { parseKeepingNumbers } from '../shared/exactNumbers.ts';
import { formatBytes } from '../shared/bytes.ts';
import { usageError } from './cliError.ts';
import { writeOutputFile } from './outputFile.ts';
import { printJsonForPeople, printProblem } from './output.ts';
import { grouped } from '../shared/grouped.ts';

/** How much of a response `status` and `fire --wait` show on a terminal before they summarise. */
export const TERMINAL_RESPONSE_LINES = 40;

/**
 * A call's response as indented JSON, with numbers exactly as the robot sent
 * them when the core kept its exact text (beyond 2^53, long decimals).
 */
export function prettyResponse(call: Call): string {
  if (call.responseText === undefined) return JSON.stringify(call.response ?? null, null, 2);
  return JSON.stringify(parseKeepingNumbers(call.responseText), null, 2);
}

export function responseText(call: Call, summary: boolean): string {
  const text = prettyResponse(call);
  if (!summary) return text;
  const lines = text.split('\n');
  if (lines.length <= TERMINAL_RESPONSE_LINES) return text;
  const shown = lines
    .slice(0, TERMINAL_RESPONSE_LINES)
    .map((line) => (line.length > 200 ? `${line.slice(0, 199)}…` : line));
  const left = lines.length - TERMINAL_RESPONSE_LINES;
  const size = formatBytes(Buffer.byteLength(text));
  return (
    `${shown.join('\n')}\n… ${grouped(left)} more lines (${size} in all). ` +
    `See all of it with: robot-tray call show ${call.id} --full, or save it with --output FILE`
  );
}

/** How a done call's response is shown: --json, --full and --output, the same for fire and status. */
export type ResponseOptions = { json: boolean; full?: boolean | undefined; output?: string | undefined };

/**
 * A done call's response for `fire --wait` and `status --wait`: to a file
 * with --output FILE, whole on stdout with --output - (or a pipe, or
 * --full), else on a terminal its first lines and size, as `status` shows it.
 * With --json the call record (already printed) carries it.
 */
export async function showResponse(call: Call, options: ResponseOptions): Promise<void> {
  if (options.output === '-') return printResponse(call, options.json);
  if (options.output !== undefined) return writeResponse(call, options.output);
  if (options.json) return;
  printJsonForPeople(responseText(call, process.stdout.isTTY === true && options.full !== true));
}

/**
 * `--output -`: the response alone on stdout, whole, for a pipe (`| jq`);
 * a file named "-" is never what people mean.
 */
export function printResponse(call: Call, json: boolean): void {
  checkResponseOptions({ json, output: '-' });
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
  await writeOutputFile(file, text, '--output ');
  printProblem(
    `Wrote the response of call ${call.id} to ${file} (${grouped(Buffer.byteLength(text))} bytes).`,
  );
}

/** Checked before anything is sent: two things cannot both have stdout. */
export function checkResponseOptions(options: ResponseOptions): void {
  if (options.json && options.output === '-') {
    throw usageError('--output - and --json both write to stdout; give one of them.');
  }
}
