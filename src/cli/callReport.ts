import { parseKeepingNumbers } from '../shared/exactNumbers.ts';
import { formatBytes } from '../shared/bytes.ts';
import { withTokenCommand } from './errorReport.ts';
import type { Call } from '../shared/models/call.ts';
import { callOutcome } from '../shared/sentences/callOutcome.ts';
import { shownStatus } from '../shared/sentences/statusText.ts';
import { ExitCode, exitCodeForState } from './exitCodes.ts';
import { formatElapsed } from './progress.ts';
import {
  compactJson,
  formatFields,
  formatTime,
  printJson,
  printJsonForPeople,
  printLine,
  printProblem,
} from './output.ts';
import type { WaitOutcome } from './waitForCall.ts';

/** How much of a response `status` shows on a terminal before it summarises. */
export const TERMINAL_RESPONSE_LINES = 40;

/**
 * Everything known about a call, for `robot-tray status`. With `summary` (a
 * terminal, without --full) a long response shows its first lines and what
 * was left out, so a 10 MB answer does not flood the screen.
 */
export function describeCall(call: Call, options: { summary?: boolean; robotNow?: string } = {}): string {
  const now = options.robotNow ?? call.robotName;
  return formatFields([
    ['call', call.id],
    ['robot', now === call.robotName ? now : `${now} (named "${call.robotName}" when this call was made)`],
    ['preset', call.presetName ?? undefined],
    ['method', call.method],
    ['url', call.url ?? undefined],
    ['arguments', compactJson(call.args, 200)],
    [
      'state',
      call.rawStatus === null ? call.state : `${call.state} (service said "${shownStatus(call.rawStatus)}")`,
    ],
    ['webhookCallId', call.webhookCallId ?? undefined],
    ['created', formatTime(call.createdAt)],
    ['finished', call.finishedAt === null ? undefined : formatTime(call.finishedAt)],
    ['polls', String(call.pollCount)],
    ['note', call.timeline.at(-1)?.note],
    ['warning', call.warning ?? undefined],
    ['error', call.error === null ? undefined : errorText(call)],
    ['response', call.response === undefined ? undefined : responseText(call, options.summary === true)],
  ]);
}

/**
 * A call's response as indented JSON, with numbers exactly as the robot sent
 * them when the core kept its exact text (beyond 2^53, long decimals).
 */
export function prettyResponse(call: Call): string {
  if (call.responseText === undefined) return JSON.stringify(call.response ?? null, null, 2);
  return JSON.stringify(parseKeepingNumbers(call.responseText), null, 2);
}

function responseText(call: Call, summary: boolean): string {
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
    `${shown.join('\n')}\n… ${left.toLocaleString('en-US')} more lines (${size} in all). ` +
    `See all of it with: robot-tray status ${call.id} --full, or save it with --output FILE`
  );
}

function errorText(call: Call): string {
  const error = call.error!;
  return error.count > 1 ? `${error.message} (${error.count} times)` : error.message;
}

/**
 * One line saying why a call did not end done, and what to do: the shared
 * outcome sentence, with the call's id and the terminal's next step.
 */
export function problemLine(call: Call): string {
  const id = call.id;
  const sentence = callOutcome(call);
  const about = `Call ${id} ${sentence[0]!.toLowerCase()}${sentence.slice(1)}`;
  switch (call.state) {
    case 'rejected':
      return withTokenCommand(sentence, call.robotName);
    case 'unreachable':
    case 'unknown':
      return sentence;
    case 'expired':
      return about;
    case 'failed':
    case 'unexpected':
      return `${about} See the service's answer with: robot-tray status ${id} --json`;
    case 'stopped':
      return `${about} Resume it with: robot-tray status ${id} --wait`;
    default:
      return `Call ${id} is ${call.state}.`;
  }
}

/**
 * A call's result once the command is done with it. With --json the call
 * record goes to stdout whatever happened; otherwise stdout gets the data
 * people asked for (the ids when accepted, the response when done) and
 * stderr one line about anything else. Returns the exit code.
 */
export function reportCall(call: Call, options: { json: boolean; waited: boolean }): number {
  if (options.json) printJson(call);
  if (call.state === 'done') {
    if (!options.json) printJsonForPeople(prettyResponse(call));
    if (call.warning !== null) printProblem(`robot-tray: ${call.warning}`);
  } else if (call.state === 'waiting' || call.state === 'sending') {
    if (!options.json)
      printLine(
        formatFields([
          ['call', call.id],
          ['webhookCallId', call.webhookCallId ?? '-'],
        ]),
      );
  } else {
    printProblem(`robot-tray: ${problemLine(call)}`);
  }
  return exitCodeForState(call.state, options.waited);
}

/** The end of `fire --wait` or `status --wait`. */
export function reportWait(outcome: WaitOutcome, options: { json: boolean; started: number }): number {
  const { call } = outcome;
  if (outcome.ended === 'final') return reportCall(call, { json: options.json, waited: true });
  if (options.json) printJson(call);
  const later = `check it later with: robot-tray status ${call.id} --wait`;
  if (outcome.ended === 'timeout') {
    const waited = formatElapsed(Date.now() - options.started);
    printProblem(
      `robot-tray: still waiting after ${waited}; the call stays waiting in history (the app keeps watching it), ${later}`,
    );
    return ExitCode.notFinished;
  }
  printProblem(
    `robot-tray: stopped waiting; the call stays waiting in history (the app keeps watching it), ${later}`,
  );
  return ExitCode.interrupted;
}
