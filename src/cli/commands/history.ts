import { Command, InvalidArgumentError } from 'commander';
import { formatBytes, parseBytes } from '../../shared/bytes.ts';
import { HISTORY_MAX_BYTES, QUERY_RESPONSE_CAP_BYTES } from '../../shared/models/historyBounds.ts';
import type { Settings } from '../../shared/models/settings.ts';
import { usageError } from '../cliError.ts';
import { integerParser, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { formatFields, printJson, printLine } from '../output.ts';
import { grouped } from '../../shared/grouped.ts';

type SetOptions = { maxCalls?: number; maxSize?: number; maxResponse?: number; json?: boolean };

/** A size option checked against the setting's bounds here, so its error names the option. */
function sizeParser(bounds: { min: number; max: number }) {
  const expected = `expected a size from ${formatBytes(bounds.min)} to ${formatBytes(bounds.max)}, such as 500 MiB or 2 GiB.`;
  return (value: string): number => {
    const bytes = parseBytes(value);
    if (bytes === undefined || bytes < bounds.min || bytes > bounds.max)
      throw new InvalidArgumentError(expected);
    return bytes;
  };
}

/** What the history keeps, as settings show it (the exact byte counts in JSON). */
export function historyFields(settings: Settings) {
  return {
    maxCalls: settings.historyLimit,
    maxBytes: settings.historyMaxBytes,
    maxResponseBytes: settings.http.queryResponseCapBytes,
  };
}

/** The history limits as `history show` and `settings` print them. */
export function describeHistory(settings: Settings): string {
  const f = historyFields(settings);
  return formatFields([
    ['Calls kept', `at most ${grouped(f.maxCalls)}`],
    ['History size', `at most ${formatBytes(f.maxBytes)}, oldest finished calls pruned first`],
    ['Largest response', `${formatBytes(f.maxResponseBytes)} (a larger answer is not read)`],
  ]);
}

/** `robot-tray history`: how much call history the app and every command keep. */
export function historyCommand(): Command {
  const history = new Command('history').description(
    'show or change how much call history is kept (calls, bytes, the largest response read)',
  );
  history
    .command('show')
    .description('show the history limits')
    .option('--json', 'print them as JSON')
    .action(
      run(async (options: { json?: boolean }) => {
        await withCore(async (core) => {
          const settings = core.getSettings();
          if (options.json === true) return printJson(historyFields(settings));
          printLine(describeHistory(settings));
        });
      }),
    );
  history
    .command('set')
    .description('change the history limits; a call still waiting is never pruned')
    .option('--max-calls <N>', 'keep at most this many calls', integerParser(10, 1_000_000))
    .option(
      '--max-size <SIZE>',
      'keep at most this much history on disk, e.g. 1 GiB',
      sizeParser(HISTORY_MAX_BYTES),
    )
    .option(
      '--max-response <SIZE>',
      'read a robot’s response only up to this size, e.g. 50 MiB',
      sizeParser(QUERY_RESPONSE_CAP_BYTES),
    )
    .option('--json', 'print the limits as JSON')
    .action(run(set));
  return history;
}

async function set(options: SetOptions): Promise<void> {
  if (options.maxCalls === undefined && options.maxSize === undefined && options.maxResponse === undefined) {
    throw usageError('Nothing to change: give at least one option. See: robot-tray history set --help');
  }
  await withCore(async (core) => {
    const settings = await core.updateSettings({
      ...(options.maxCalls === undefined ? {} : { historyLimit: options.maxCalls }),
      ...(options.maxSize === undefined ? {} : { historyMaxBytes: options.maxSize }),
      ...(options.maxResponse === undefined ? {} : { http: { queryResponseCapBytes: options.maxResponse } }),
    });
    if (options.json === true) return printJson(historyFields(settings));
    printLine(describeHistory(settings));
  });
}
