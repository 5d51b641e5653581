import { Command } from 'commander';
import { describeCall } from '../callReport.ts';
import { parseSeconds, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { exitCodeForState } from '../exitCodes.ts';
import { printJson, printLine } from '../output.ts';
import { waitAndReport } from '../waitForCall.ts';

type StatusOptions = { wait?: boolean; timeout?: number; json?: boolean };

export function statusCommand(): Command {
  return new Command('status')
    .description('show a call; with --wait, watch it until it ends')
    .argument('<CALL>', "the call's local id or its webhookCallId")
    .option('--wait', 'watch a waiting call until it ends; the response as JSON on stdout')
    .option('--timeout <SECONDS>', 'stop waiting after this long and exit 4 (implies --wait)', parseSeconds)
    .option('--json', 'print the call record as JSON')
    .action(run(status));
}

async function status(id: string, options: StatusOptions): Promise<number> {
  const started = Date.now();
  const json = options.json === true;
  return withCore(async (core) => {
    if (options.wait !== true && options.timeout === undefined) {
      const call = core.getCall(id);
      if (json) printJson(call);
      else printLine(describeCall(call));
      return exitCodeForState(call.state, false);
    }
    // Watch it in this process; the app, if running, may be watching too,
    // and both see the same answer from the service.
    const call = core.watchCall(core.getCall(id).id);
    return waitAndReport(core, call.id, { started, timeoutSeconds: options.timeout, json });
  });
}
