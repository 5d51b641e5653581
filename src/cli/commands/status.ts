import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { Call } from '../../shared/models/call.ts';
import { describeCall, printCallJson } from '../callReport.ts';
import { currentRobotNames } from '../callRobots.ts';
import { parseSeconds, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { exitCodeForState } from '../exitCodes.ts';
import { printLine } from '../output.ts';
import { checkResponseOptions, printResponse, writeResponse } from '../responseOutput.ts';
import { type TokenEnvOptions, tokenEnvOption, useTokenFromEnv } from '../tokenEnv.ts';
import { waitAndReport } from '../waitForCall.ts';
import { usageError } from '../cliError.ts';
import { namesFile } from '../savedCallArg.ts';

type StatusOptions = TokenEnvOptions & {
  wait?: boolean;
  timeout?: number;
  json?: boolean;
  full?: boolean;
  output?: string;
};

export function statusCommand(): Command {
  return tokenEnvOption(new Command('status'))
    .description(
      'show a call (a waiting one is asked about once), or a saved call file read-only; with --wait, watch it until it ends',
    )
    .argument(
      '<CALL|FILE>',
      "the call's local id (or its first characters), its webhookCallId, or a file written by call save",
    )
    .option(
      '--wait',
      'watch a waiting call until it ends, resuming a stopped one; the response as JSON on stdout',
    )
    .option('--timeout <SECONDS>', 'stop waiting after this long and exit 4 (implies --wait)', parseSeconds)
    .option('--json', 'print the call record as JSON')
    .option('--full', 'on a terminal, show a long response whole instead of its first lines')
    .option(
      '--output <FILE>',
      "write the call's response to FILE as JSON (and show the rest as usual); - writes only the response to stdout",
    )
    .action(run(status));
}

async function status(id: string, options: StatusOptions): Promise<number> {
  if (namesFile(id)) {
    if (options.wait === true || options.timeout !== undefined || options.tokenEnv !== undefined)
      throw usageError(
        `${id} is a saved call file, read only: --wait, --timeout and --token-env apply to calls in the history.`,
      );
    const { showSavedCall } = await import('./savedCall.ts');
    await showSavedCall(id, options);
    return 0;
  }
  const started = Date.now();
  const json = options.json === true;
  const shown = { json, full: options.full, output: options.output };
  checkResponseOptions(shown);
  return withCore(async (core) => {
    const found = core.getCall(id);
    useTokenFromEnv(core, found.robotId, options);
    if (options.wait !== true && options.timeout === undefined) {
      // A waiting call's stored record may be minutes old: ask the service once.
      const call = found.state === 'waiting' ? await askOnce(core, found) : found;
      if (options.output === '-') {
        printResponse(call, json);
        return exitCodeForState(call.state, false);
      }
      if (options.output !== undefined) await writeResponse(call, options.output);
      if (json) printCallJson(call);
      else {
        const robotNow = (await currentRobotNames(core)).get(call.robotId);
        const summary = process.stdout.isTTY === true && options.full !== true;
        printLine(describeCall(call, { summary, ...(robotNow === undefined ? {} : { robotNow }) }));
      }
      return exitCodeForState(call.state, false);
    }
    // A stopped (or unexpected) call is resumed: watched again with a fresh deadline.
    const watched = isResumable(found.state) ? await core.resumeCall(found.id) : core.watchCall(found.id);
    // Watch it in this process; the app, if running, may be watching too,
    // and both see the same answer from the service.
    return waitAndReport(core, watched.id, { ...shown, started, timeoutSeconds: options.timeout });
  });
}

function isResumable(state: Call['state']): boolean {
  return state === 'stopped' || state === 'unexpected';
}

/**
 * Poll a waiting call once, now, and return it as the service's answer left
 * it (still waiting with one more poll, or in its final state). Bounded by
 * the request deadline, since a poll never outlasts it.
 */
function askOnce(core: AppCore, call: Call): Promise<Call> {
  return new Promise((resolve) => {
    const settle = (latest: Call) => {
      unsubscribe();
      clearTimeout(guard);
      resolve(latest);
    };
    const unsubscribe = core.subscribe((event) => {
      if (event.type !== 'calls') return;
      const changed = event.calls.find((c) => c.id === call.id);
      if (changed !== undefined && (changed.pollCount > call.pollCount || changed.state !== 'waiting')) {
        settle(changed);
      }
    });
    const guard = setTimeout(() => settle(core.getCall(call.id)), core.getSettings().http.requestDeadlineMs);
    core.watchCall(call.id);
  });
}
