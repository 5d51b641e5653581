import { withTokenCommand } from './errorReport.ts';
import type { Call } from '../shared/models/call.ts';
import { callOutcome } from '../shared/sentences/callOutcome.ts';
import { shownStatus } from '../shared/sentences/statusText.ts';
import { ExitCode, exitCodeForState } from './exitCodes.ts';
import { formatElapsed } from './progress.ts';
import { compactJson, formatFields, formatTime, printJson, printLine, printProblem } from './output.ts';
import { type ResponseOptions, showResponse, responseText } from './responseOutput.ts';
import type { WaitOutcome } from './waitForCall.ts';

/**
 * Everything known about a call, for `robot-tray call show`. With `summary` (a
 * terminal, without --full) a long response shows its first lines and what
 * was left out, so a 10 MB answer does not flood the screen (responseText).
 */
export function describeCall(
  call: Call,
  options: { summary?: boolean; robotNow?: string; saved?: boolean } = {},
): string {
  const now = options.robotNow ?? call.robotName;
  return formatFields([
    // A saved call keeps no local id; the line above it names its file.
    ['call', options.saved === true ? undefined : call.id],
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
      return `${about} See the service's answer with: robot-tray call show ${id} --json`;
    case 'stopped':
      return `${about} Resume it with: robot-tray call show ${id} --wait`;
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
export async function reportCall(
  call: Call,
  options: ResponseOptions & { waited: boolean },
): Promise<number> {
  if (options.json) printCallJson(call);
  if (call.state === 'done') {
    await showResponse(call, options);
    if (call.warning !== null) printProblem(`robot-tray: ${call.warning}`);
  } else if (call.state === 'waiting' || call.state === 'sending') {
    if (!options.json)
      printLine(
        formatFields([
          ['call', call.id],
          ['webhookCallId', call.webhookCallId ?? '-'],
        ]),
      );
    // A person at a terminal is told how to follow it; a script reads the two lines above.
    if (!options.json && !options.waited && process.stderr.isTTY === true)
      printProblem(`Follow it with: robot-tray call show ${call.id} --wait`);
  } else {
    printProblem(`robot-tray: ${problemLine(call)}`);
  }
  return exitCodeForState(call.state, options.waited);
}

/**
 * The end of `fire --wait` or `status --wait`. A call left waiting is
 * watched on only by a running app (`appWatching`), so the promise that it
 * "keeps watching" is made only then.
 */
export async function reportWait(
  outcome: WaitOutcome,
  options: ResponseOptions & { started: number; appWatching: boolean | undefined },
): Promise<number> {
  const { call } = outcome;
  if (outcome.ended === 'final') return reportCall(call, { ...options, waited: true });
  if (options.json) printCallJson(call);
  const later = `robot-tray call show ${call.id} --wait`;
  const stays =
    options.appWatching === true
      ? `the call stays waiting in history (the app keeps watching it), check it later with: ${later}`
      : `the call stays waiting in history, and no app is running to watch it: follow it with ${later} (or open the app)`;
  if (outcome.ended === 'timeout') {
    const waited = formatElapsed(Date.now() - options.started);
    printProblem(`robot-tray: still waiting after ${waited}; ${stays}`);
    return ExitCode.notFinished;
  }
  printProblem(`robot-tray: stopped waiting; ${stays}`);
  return ExitCode.interrupted;
}

/**
 * A call record as `--json` prints it: everything but the prints of its
 * secrets, which mean something only to this desk's mask key.
 */
export function callJson<T extends { echoPrints?: unknown }>(call: T): Omit<T, 'echoPrints'> {
  const { echoPrints: _prints, ...shown } = call;
  return shown;
}

export function printCallJson(call: { echoPrints?: unknown }): void {
  printJson(callJson(call));
}
