import { Command } from 'commander';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { formatTable, formatTime, printJson, printLine } from '../output.ts';

type ListOptions = { json?: boolean };

/** `robot-tray warnings`: what went wrong with the data folder, until dismissed. */
export function warningsCommand(): Command {
  const command = new Command('warnings')
    .description(
      'list warnings about the data folder (damaged files set aside, records skipped) and dismiss them',
    )
    .option('--json', 'print the warnings as JSON: [{ id, source, message, at }]')
    .action(run(list));
  command
    .command('dismiss')
    .description('dismiss warnings once you have dealt with them')
    .argument('[ID...]', 'the warnings to dismiss, by id (see robot-tray warnings)')
    .option('--all', 'dismiss every warning')
    .action(run(dismiss));
  return command;
}

async function list(options: ListOptions): Promise<number> {
  return withCore(
    async (core) => {
      const warnings = core.warnings();
      if (options.json === true) printJson(warnings);
      else if (warnings.length === 0) printLine('No warnings.');
      else {
        printLine(
          formatTable(
            ['ID', 'FILE', 'SINCE', 'WARNING'],
            warnings.map((w) => [w.id, w.source, formatTime(w.at), w.message]),
          ),
        );
      }
      return 0;
    },
    { showWarnings: false },
  );
}

async function dismiss(ids: string[], options: { all?: boolean }): Promise<number> {
  return withCore(
    async (core) => {
      const targets = options.all === true ? core.warnings().map((w) => w.id) : ids;
      if (targets.length === 0) {
        throw usageError(
          'Name the warnings to dismiss (robot-tray warnings lists their ids), or give --all.',
        );
      }
      const known = new Set(core.warnings().map((w) => w.id));
      const unknown = targets.find((id) => !known.has(id));
      if (unknown !== undefined) {
        throw usageError(
          `Warning "${unknown}" was not found; robot-tray warnings lists the ids. Nothing was dismissed.`,
        );
      }
      for (const id of targets) core.dismissWarning(id);
      printLine(`Dismissed ${targets.length} warning${targets.length === 1 ? '' : 's'}.`);
      return 0;
    },
    { showWarnings: false },
  );
}
