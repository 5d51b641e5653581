import path from 'node:path';
import { Command } from 'commander';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { printProblem } from '../output.ts';
import { writeOutputFile } from '../outputFile.ts';
import { namesFile, savedCallFromFile, type NamedCall } from '../savedCallArg.ts';

type ReportOptions = { output?: string };

/**
 * `report CALL`: the call as a short Markdown report for a ticket to the
 * robot's author (src/shared/report/callReport.ts), the same text the
 * window's and the tray's "Copy report" copy. A saved call file works too.
 */
export function reportCommand(): Command {
  return new Command('report')
    .description("print a call as a short Markdown report for a ticket (never the robot's token)")
    .argument(
      '<CALL>',
      "the call's local id (or its first characters), its webhookCallId, or a saved call file",
    )
    .option('--output <FILE>', 'write the report to FILE instead of stdout')
    .action(run(report));
}

/** The version `robot-tray --version` prints, kept on the root command. */
function appVersionOf(command: Command): string {
  let root = command;
  while (root.parent !== null) root = root.parent;
  return root.version() ?? 'unknown';
}

async function report(word: string, options: ReportOptions, command: Command): Promise<void> {
  const named = namesFile(word)
    ? await savedCallFromFile(word)
    : await withCore(async (core): Promise<NamedCall> => ({ call: core.getCall(word) }));
  const { callReport } = await import('../../shared/report/callReport.ts');
  const { callDetail } = await import('../../shared/models/call.ts');
  const text = callReport(callDetail(named.call), {
    appVersion: appVersionOf(command),
    ...(named.file === undefined ? {} : { savedFile: path.basename(named.file) }),
  });
  if (options.output === undefined) {
    process.stdout.write(text);
    return;
  }
  await writeOutputFile(options.output, text, '--output ');
  printProblem(`Wrote the report of call ${named.call.id} to ${options.output}.`);
}
