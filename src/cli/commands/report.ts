import { writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { printProblem } from '../output.ts';
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

async function report(word: string, options: ReportOptions): Promise<void> {
  const named = namesFile(word)
    ? await savedCallFromFile(word)
    : await withCore(async (core): Promise<NamedCall> => ({ call: core.getCall(word) }));
  const { callReport } = await import('../../shared/report/callReport.ts');
  const { callDetail } = await import('../../shared/models/call.ts');
  const text = callReport(
    callDetail(named.call),
    named.file === undefined ? {} : { wholeResponseHint: `robot-tray call show ${named.file} --output FILE` },
  );
  if (options.output === undefined) {
    process.stdout.write(text);
    return;
  }
  try {
    await writeFile(options.output, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw usageError(
      `--output ${options.output}: the file cannot be written (${code}). Check the path and its folder.`,
    );
  }
  printProblem(`Wrote the report of call ${named.call.id} to ${options.output}.`);
}
