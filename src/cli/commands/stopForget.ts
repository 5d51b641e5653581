import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { Call } from '../../shared/models/call.ts';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { printJson, printLine } from '../output.ts';

/**
 * `stop CALL` and `forget CALL`. The history keeps one record per call and
 * the last writer wins: while the app watches a waiting call, its next poll
 * would write the call back as waiting, undoing a stop or a forget made
 * here. So a waiting call the app watches is left to the app, saying so.
 */
export function stopCommand(): Command {
  return new Command('stop')
    .description('stop watching a waiting call: it ends stopped (status CALL --wait resumes it)')
    .argument('<CALL>', "the call's local id (or its first characters), or its webhookCallId")
    .option('--json', 'print the call record as JSON')
    .action(
      run(async (id: string, options: { json?: boolean }) => {
        await withCore(async (core) => {
          const found = leftToUs(core, core.getCall(id), 'stop');
          // Watched here for a moment, so the core's own stop rules apply.
          core.watchCall(found.id);
          const stopped = core.stopCall(found.id);
          if (options.json === true) return printJson(stopped);
          printLine(`Stopped call ${stopped.id}. Resume it with: robot-tray status ${stopped.id} --wait`);
        });
      }),
    );
}

export function forgetCommand(): Command {
  return new Command('forget')
    .description('remove a call from the history (nothing is sent to the service)')
    .argument('<CALL>', "the call's local id (or its first characters), or its webhookCallId")
    .option('--json', 'print the forgotten call record as JSON')
    .action(
      run(async (id: string, options: { json?: boolean }) => {
        await withCore(async (core) => {
          const found = leftToUs(core, core.getCall(id), 'forget');
          core.forgetCall(found.id);
          if (options.json === true) return printJson(found);
          printLine(`Forgot call ${found.id} (${found.state}) of robot "${found.robotName}".`);
        });
      }),
    );
}

function leftToUs(core: AppCore, call: Call, action: 'stop' | 'forget'): Call {
  if (call.state === 'waiting' && core.appIsWatching() === true) {
    throw usageError(
      `The app is watching call ${call.id}, and would undo a ${action} made here at its next poll. ` +
        `${action === 'stop' ? 'Stop' : 'Forget'} it in the app, or quit the app first.`,
    );
  }
  if (action === 'stop' && call.state !== 'waiting') {
    throw usageError(`Call ${call.id} is ${call.state}; only a waiting call can be stopped.`);
  }
  return call;
}
