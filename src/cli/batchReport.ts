import type { AppCore } from '../core/appCore.ts';
import { resultsJsonLines } from '../core/batch/batchResults.ts';
import type { BatchInfo } from '../core/batch/batchTypes.ts';
import type { FieldValues } from '../shared/models/presetFields.ts';
import { countsText } from '../shared/sentences/batchCounts.ts';
import { BatchProgress } from './batchProgress.ts';
import { batchExitCode, resultsTable, writeResults } from './batchResults.ts';
import { ExitCode } from './exitCodes.ts';
import { printLine, printProblem } from './output.ts';

/** How a batch's results are given: --pick, --out FILE, --json. */
export type ResultOptions = { pick?: string[]; out?: string; json?: boolean };

/**
 * Run the batch with progress on stderr, then print its results. Ctrl+C
 * pauses it: no more rows are fired, the rows in flight are left to the
 * app or a later `batch resume`.
 */
export async function runAndReport(
  core: AppCore,
  batch: BatchInfo,
  secrets: FieldValues,
  options: ResultOptions,
): Promise<number> {
  const progress = new BatchProgress(
    process.stderr,
    batch,
    core.usualRun({ robotId: batch.robotId, presetId: batch.presetId }),
  );
  let interrupted = false;
  const onInterrupt = (): void => {
    interrupted = true;
    core.batches.detach(batch.id);
    void core.batches.pause(batch.id).catch(() => undefined);
  };
  // The core's poll timers never hold a process open; while rows run, this does.
  const keepAlive = setInterval(() => undefined, 2 ** 30);
  process.on('SIGINT', onInterrupt);
  let ended: BatchInfo;
  try {
    ended = await core.batches.run(batch.id, secrets, progress.change);
  } finally {
    process.off('SIGINT', onInterrupt);
    clearInterval(keepAlive);
    progress.end();
  }
  if (interrupted || ended.state === 'paused')
    printProblem(`robot-tray: batch ${ended.id} paused; go on with: robot-tray batch resume ${ended.id}`);
  await printResults(core, ended, options);
  return interrupted ? ExitCode.interrupted : batchExitCode(ended);
}

/** A batch's rows' results on stdout (or in --out FILE), then its counts on stderr. */
export async function printResults(core: AppCore, batch: BatchInfo, options: ResultOptions): Promise<void> {
  const picks = options.pick ?? [];
  const results = core.batches.results(batch.id, { pick: picks });
  if (options.out !== undefined) await writeResults(options.out, results, picks);
  if (options.json === true) process.stdout.write(resultsJsonLines(results));
  else if (options.out === undefined) printLine(resultsTable(results, picks));
  printProblem(`robot-tray: batch ${batch.id} ${batch.state}: ${countsText(batch.counts)}.`);
}
