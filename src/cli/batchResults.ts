import { writeFile } from 'node:fs/promises';
import { resultsCsv, resultsJsonLines } from '../core/batch/batchResults.ts';
import type { BatchInfo, RowState } from '../core/batch/batchTypes.ts';
import { cellText, type RowResult } from '../shared/models/batch.ts';
import { rowsIn, UNENDED_ROW_STATES } from '../shared/models/rowStates.ts';
import { ExitCode, exitCodeForState } from './exitCodes.ts';
import { formatElapsed } from './progress.ts';
import { formatTable } from './output.ts';

function cells(result: RowResult, picks: readonly string[]): string[] {
  return [
    String(result.row),
    result.call ?? '',
    result.state,
    result.runMs === null ? '' : formatElapsed(result.runMs),
    ...picks.map((p) => cellText(result.picked[p])),
  ];
}

const HEADERS = ['row', 'call', 'state', 'run time'];

export function resultsTable(results: readonly RowResult[], picks: readonly string[]): string {
  return formatTable(
    [...HEADERS, ...picks],
    results.map((r) => cells({ ...r, call: r.call?.slice(0, 8) ?? null }, picks)),
  );
}

/** --out FILE: JSON Lines for .jsonl or .ndjson, CSV otherwise. */
export async function writeResults(file: string, results: readonly RowResult[], picks: readonly string[]) {
  const text = /\.(jsonl|ndjson)$/i.test(file) ? resultsJsonLines(results) : resultsCsv(results, picks);
  await writeFile(file, text, { mode: 0o600 });
}

/**
 * The order a batch's exit code looks at the rows' ends in: the first one
 * found names it. Every end but done (cliExitCodes.test.ts fails on one left out).
 */
const WORST_FIRST: readonly RowState[] = [
  'unknown',
  'failed',
  'rejected',
  'unreachable',
  'expired',
  'unexpected',
  'stopped',
];

/**
 * 0 only when every row ended done; 4 while rows are left (paused, stopped
 * or interrupted); otherwise the code of the worst state a row ended in,
 * as `fire --wait` exits for one call.
 */
export function batchExitCode(batch: BatchInfo): ExitCode {
  const { counts } = batch;
  if ((counts.done ?? 0) === batch.total) return ExitCode.ok;
  if (rowsIn(counts, UNENDED_ROW_STATES) > 0) return ExitCode.notFinished;
  const worst = WORST_FIRST.find((s) => (counts[s] ?? 0) > 0);
  return worst === undefined || worst === 'pending' || worst === 'firing'
    ? ExitCode.failure
    : exitCodeForState(worst, true);
}
