import { Command } from 'commander';
import { describeCall } from '../callReport.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { printJson, printLine, printProblem } from '../output.ts';
import { checkResponseOptions, printResponse, writeResponse } from '../responseOutput.ts';
import { savedCallFromFile } from '../savedCallArg.ts';

/**
 * `save CALL FILE`: a call, with its whole response, as a file another desk
 * opens read-only (`call show`, the window, `call diff`). The file holds the call
 * record without local ids or its watch, and never a token.
 */
export function saveCommand(): Command {
  return new Command('save')
    .description('save a call with its whole response to a file, to open read-only on another desk')
    .argument('<CALL>', "the call's local id (or its first characters), or its webhookCallId")
    .argument('<FILE>', 'where to write the saved call (JSON)')
    .action(run(save));
}

async function save(id: string, file: string): Promise<void> {
  const { writeSavedCallFile } = await import('../../core/files/savedCallFile.ts');
  await withCore(async (core) => {
    const call = core.getCall(id);
    const bytes = await writeSavedCallFile(file, call);
    printProblem(
      `Saved call ${call.id} to ${file} (${bytes.toLocaleString('en-US')} bytes). Open it with: robot-tray call show ${file}`,
    );
  });
}

export type ShowOptions = { json?: boolean; full?: boolean; output?: string };

/**
 * `call show FILE`: a saved call, read-only, with the detail `call show`
 * prints for a local call, under one line saying it comes from a file.
 * Nothing is asked of a service and the data folder is not opened.
 */
export async function showSavedCall(file: string, options: ShowOptions): Promise<void> {
  const json = options.json === true;
  checkResponseOptions({ json, output: options.output });
  const { call } = await savedCallFromFile(file);
  if (options.output === '-') return printResponse(call, json);
  if (options.output !== undefined) await writeResponse(call, options.output);
  if (json) return printJson(call);
  const summary = process.stdout.isTTY === true && options.full !== true;
  printLine(`Saved call, read only, from ${file}`);
  printLine(
    describeCall(call, { summary }).replace(
      `robot-tray call show ${call.id} --full`,
      `robot-tray call show ${file} --full`,
    ),
  );
}
