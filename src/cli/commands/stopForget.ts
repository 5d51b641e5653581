import { Command } from 'commander';
import type { Call } from '../../shared/models/call.ts';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { printCallJson } from '../callReport.ts';
import { printLine } from '../output.ts';

/**
 * `stop CALL` and `forget CALL`, whoever watches the call: the history's
 * versioned writes keep a stop made here over the app's next poll (a waiting
 * call never replaces a stopped one it had not seen), and a forgotten call is
 * logged so the app stops watching it and drops it from its window.
 */
export function stopCommand(): Command {
  return new Command('stop')
    .description('stop watching a waiting call: it ends stopped (call show CALL --wait resumes it)')
    .argument('<CALL>', "the call's local id (or its first characters), or its webhookCallId")
    .option('--json', 'print the call record as JSON')
    .action(
      run(async (id: string, options: { json?: boolean }) => {
        await withCore(async (core) => {
          const found = stoppable(core.getCall(id));
          const stopped = core.stopCall(found.id);
          if (options.json === true) return printCallJson(stopped);
          printLine(`Stopped call ${stopped.id}. Resume it with: robot-tray call show ${stopped.id} --wait`);
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
          const found = core.getCall(id);
          core.forgetCall(found.id);
          if (options.json === true) return printCallJson(found);
          printLine(`Forgot call ${found.id} (${found.state}) of robot "${found.robotName}".`);
        });
      }),
    );
}

function stoppable(call: Call): Call {
  if (call.state !== 'waiting') {
    throw usageError(`Call ${call.id} is ${call.state}; only a waiting call can be stopped.`);
  }
  return call;
}
