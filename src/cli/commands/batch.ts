import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { FieldValues } from '../../shared/models/presetFields.ts';
import { picksProblem } from '../../shared/models/pickPath.ts';
import { countsText } from '../../shared/sentences/batchCounts.ts';
import { collect } from '../args.ts';
import type { ResultOptions } from '../batchReport.ts';
import { usageError } from '../cliError.ts';
import { integerParser, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { ExitCode } from '../exitCodes.ts';
import { fieldSourceOptions, type FieldSourceOptions, fieldTexts } from '../fieldSources.ts';
import { findPreset } from '../lookup.ts';
import { formatTable, formatTime, printLine, printProblem, shellWord } from '../output.ts';
import { readStdinCapped } from '../stdin.ts';

/** The most rows text a batch reads: a spreadsheet of 100,000 rows fits many times over. */
const MAX_ROWS_BYTES = 256 * 1024 * 1024;
/** How many rows --dry-run shows as the requests they would make. */
const DRY_RUN_ROWS = 3;

type StartOptions = FieldSourceOptions &
  ResultOptions & { preset?: string; rows?: string; concurrency?: number; dryRun?: boolean };

function resultOptions(command: Command): Command {
  return command
    .option(
      '--pick <PATH>',
      'a field of each call to show, like response.invoiceId; may be repeated',
      collectPick,
    )
    .option('--out <FILE>', 'write the results to FILE: JSON Lines for .jsonl, CSV otherwise')
    .option('--json', 'print the results as JSON Lines, one row each');
}

/** --pick, checked as it is parsed: a wrong path is refused before any row is fired, not after the batch ran. */
function collectPick(value: string, previous: string[] = []): string[] {
  const picks = collect(value, previous);
  const problem = picksProblem(picks);
  if (problem !== null) throw new InvalidArgumentError(problem);
  return picks;
}

function secretOptions(command: Command): Command {
  return fieldSourceOptions(command, "a secret field's value for every row (NAME=@- reads it from stdin)");
}

/**
 * `robot-tray batch ROBOT --preset P --rows FILE` and its noun's commands
 * (list, show, pause, resume, stop). A robot named like one of them is
 * still reached with `batch -- NAME`.
 */
export function batchCommand(): Command {
  const batch = secretOptions(
    resultOptions(
      new Command('batch')
        .description(
          'fire a preset once for every row of a CSV or JSON Lines file, following each run to its end; or list, show, pause, resume or stop a batch',
        )
        .argument('<ROBOT>', 'the robot')
        .option('--preset <NAME>', 'the preset every row fires (required)')
        .option(
          '--rows <FILE>',
          'the rows (required): a CSV file with a header row, or JSON Lines; - reads stdin',
        )
        .option('--concurrency <N>', 'rows in flight at once (default 4)', integerParser(1, 64))
        .option(
          '--dry-run',
          'check every row and show the first ones as the requests they would make; send nothing',
        ),
    ),
  ).action(run(startBatch));
  batch.addCommand(
    new Command('list')
      .description('the batches, newest first')
      .option('--json', 'as JSON')
      .action(run((_options: object, command: Command) => listBatches(given(command)))),
  );
  batch.addCommand(onBatch('show', "a batch's counts and its rows' results", showBatch, resultOptions));
  batch.addCommand(
    onBatch('pause', 'fire no more of its rows until resumed; rows in flight run to their end', (id) =>
      setState(id, 'pause'),
    ),
  );
  batch.addCommand(
    onBatch(
      'resume',
      'go on firing its pending rows in this process, and follow the rows left in flight',
      resumeBatch,
      (c) => secretOptions(resultOptions(c)),
    ),
  );
  batch.addCommand(onBatch('stop', 'fire none of its pending rows, ever', (id) => setState(id, 'stop')));
  batch.addCommand(
    onBatch(
      'again',
      'run rows of a batch again as a new batch (by default every row that ended other than done)',
      againBatch,
      (c) =>
        secretOptions(
          resultOptions(
            c
              .option('--rows <N,M…>', 'the rows to run again, by number: 3,7,12-20')
              .option(
                '--concurrency <N>',
                "rows in flight at once (default: the batch's own)",
                integerParser(1, 64),
              ),
          ),
        ),
    ),
  );
  return batch;
}

/** A command on one stored batch, named by its id. */
function onBatch<O>(
  name: string,
  description: string,
  action: (id: string, options: O) => Promise<number | void>,
  decorate: (command: Command) => Command = (command) => command,
): Command {
  return decorate(
    new Command(name).description(description).argument('<BATCH>', 'the batch id (or its first characters)'),
  ).action(run((id: string, _options: object, command: Command) => action(id, given<O>(command))));
}

/**
 * A subcommand's options: `robot-tray batch show ID --json` reaches `batch`
 * with `--json` (the program reads its own options anywhere on the line),
 * and `batch` has a --json of its own, so its options are the subcommand's too.
 */
function given<T>(command: Command): T {
  return command.optsWithGlobals<T & object>();
}

async function readRowsText(source: string): Promise<string> {
  if (source === '-')
    return readStdinCapped(MAX_ROWS_BYTES, () =>
      usageError(`--rows -: more than ${MAX_ROWS_BYTES / 1024 / 1024} MiB on stdin.`),
    );
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    throw usageError(
      `--rows ${source}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
}

/** The secret fields' values, from --field, --field-env or a hidden prompt; typed by their field. */
async function batchSecrets(
  core: AppCore,
  presetId: string,
  names: readonly string[],
  options: FieldSourceOptions,
): Promise<FieldValues> {
  const { fieldValuesFromText } = await import('../../shared/models/presetFields.ts');
  const preset = (await core.listPresets()).find((p) => p.id === presetId);
  const fields = (preset?.fields ?? []).filter((f) => names.includes(f.name));
  const texts = await fieldTexts(options, fields);
  const other = Object.keys(texts).filter((name) => !names.includes(name));
  if (other.length > 0)
    throw usageError(
      `--field ${other.join(', ')}: a batch takes only its preset's secret fields this way (${names.join(', ') || 'it has none'}); give the others as columns of the rows.`,
    );
  const typed = fieldValuesFromText(fields, texts);
  if (!typed.ok) throw usageError(typed.problems.map((p) => p.message).join('; '));
  return typed.values;
}

async function startBatch(robotName: string, given: StartOptions): Promise<number> {
  // Checked here, not by commander: it would ask `batch list` for them too.
  if (given.preset === undefined || given.rows === undefined)
    throw usageError(`batch ${robotName}: give --preset NAME and --rows FILE (or --rows - for stdin).`);
  const options = { ...given, preset: given.preset, rows: given.rows };
  const { readRows } = await import('../../core/batch/batchInput.ts');
  const format = /\.(jsonl|ndjson)$/i.test(options.rows)
    ? 'jsonl'
    : /\.csv$/i.test(options.rows)
      ? 'csv'
      : undefined;
  const table = readRows(await readRowsText(options.rows), format);
  return withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    const preset = await findPreset(core, robot, options.preset);
    const secretNames = preset.fields.filter((f) => f.secret).map((f) => f.name);
    const secrets = await batchSecrets(core, preset.id, secretNames, options);
    if (options.dryRun === true) {
      const { fireRequestOf } = await import('../../core/batch/batchPlan.ts');
      const { requests } = await core.batches.plan(robot.id, preset.id, table, secrets);
      for (const request of requests.slice(0, DRY_RUN_ROWS))
        printLine(await core.curlCommand(robot.id, fireRequestOf(preset.id, request, secrets)));
      printProblem(`robot-tray: ${requests.length} rows checked; nothing was sent (--dry-run).`);
      return ExitCode.ok;
    }
    const batch = await core.batches.create(robot.id, preset.id, table, {
      secrets,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    });
    printProblem(`robot-tray: batch ${batch.id}: ${batch.total} rows of ${robot.name} / ${preset.name}.`);
    return (await import('../batchReport.ts')).runAndReport(core, batch, secrets, options);
  });
}

/** `--rows 3,7,12-20`: row numbers, ranges included. */
function rowNumbers(text: string): number[] {
  const numbers: number[] = [];
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = Number(range?.[1]);
    const last = range?.[2] === undefined ? first : Number(range[2]);
    if (range === null || first < 1 || last < first || last - first >= 1_000_000)
      throw usageError(`--rows: "${part.trim()}" is not a row number or a range like 12-20.`);
    for (let n = first; n <= last; n++) numbers.push(n);
  }
  return numbers;
}

/** A new batch of rows of an earlier one (its failed and unknown rows unless --rows names others), run here. */
async function againBatch(
  id: string,
  options: FieldSourceOptions & ResultOptions & { rows?: string; concurrency?: number },
): Promise<number> {
  // Read here, not by commander: `batch --rows FILE` takes the option's text before `again` sees it.
  const rows = options.rows === undefined ? undefined : rowNumbers(options.rows);
  return withCore(async (core) => {
    const from = core.batches.get(id);
    const secrets =
      from.presetId === null ? {} : await batchSecrets(core, from.presetId, from.secretFields, options);
    const batch = await core.batches.again(from.id, {
      secrets,
      ...(rows === undefined ? {} : { rows }),
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    });
    printProblem(`robot-tray: batch ${batch.id}: ${batch.total} rows of batch ${from.id} again.`);
    return (await import('../batchReport.ts')).runAndReport(core, batch, secrets, options);
  });
}

async function resumeBatch(id: string, options: FieldSourceOptions & ResultOptions): Promise<number> {
  return withCore(async (core) => {
    const batch = core.batches.get(id);
    const secrets =
      batch.presetId === null ? {} : await batchSecrets(core, batch.presetId, batch.secretFields, options);
    return (await import('../batchReport.ts')).runAndReport(core, batch, secrets, options);
  });
}

async function listBatches(options: { json?: boolean }): Promise<void> {
  await withCore(async (core) => {
    const batches = core.batches.list();
    if (options.json === true) return process.stdout.write(`${JSON.stringify(batches, null, 2)}\n`);
    if (batches.length === 0)
      return printLine('No batches yet. Start one with: robot-tray batch ROBOT --preset P --rows FILE');
    printLine(
      formatTable(
        ['id', 'robot', 'preset', 'state', 'rows', 'created'],
        batches.map((b) => [
          b.id.slice(0, 8),
          b.robotName,
          b.presetName ?? '',
          b.state,
          countsText(b.counts),
          formatTime(b.createdAt),
        ]),
      ),
    );
  });
}

async function showBatch(id: string, options: ResultOptions): Promise<number> {
  return withCore(async (core) => {
    const batch = core.batches.get(id);
    printProblem(
      `robot-tray: batch ${batch.id} of ${batch.robotName} / ${batch.presetName ?? ''}, ${batch.concurrency} at once.`,
    );
    const { printResults } = await import('../batchReport.ts');
    const { batchExitCode } = await import('../batchResults.ts');
    await printResults(core, batch, options);
    return batchExitCode(batch);
  });
}

async function setState(id: string, change: 'pause' | 'stop'): Promise<void> {
  await withCore(async (core) => {
    const batch = await core.batches[change](id);
    const next = change === 'pause' ? ` Go on with: robot-tray batch resume ${shellWord(batch.id)}` : '';
    printLine(`Batch ${batch.id} ${batch.state}: ${countsText(batch.counts)}.${next}`);
  });
}
