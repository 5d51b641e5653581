import { writeFile } from 'node:fs/promises';
import type { BatchInfo, BatchRow, RowState } from '../core/batch/batchTypes.ts';
import type { Call } from '../shared/models/call.ts';
import { ExitCode, exitCodeForState } from './exitCodes.ts';
import { formatElapsed } from './progress.ts';
import { formatTable } from './output.ts';

/** One row's outcome as the results show it: its call, state, run time, and the response fields picked. */
export type RowResult = {
  row: number;
  call: string | null;
  state: RowState;
  runMs: number | null;
  picked: Record<string, unknown>;
};

/** The value at a dotted path of the call (`response.invoiceId`, `webhookCallId`); undefined when absent. */
export function pickPath(call: Call, path: string): unknown {
  let at: unknown = call;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export function rowResults(
  rows: readonly BatchRow[],
  callOf: (id: string) => Call | undefined,
  picks: readonly string[],
): RowResult[] {
  return rows.map((row) => {
    const call = row.callId === null ? undefined : callOf(row.callId);
    const started = call?.acceptedAt ?? call?.createdAt;
    return {
      row: row.n,
      call: row.callId,
      state: row.state,
      runMs:
        call?.finishedAt === undefined || call.finishedAt === null || started === undefined
          ? null
          : call.finishedAt - started,
      picked: Object.fromEntries(picks.map((p) => [p, call === undefined ? undefined : pickPath(call, p)])),
    };
  });
}

const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

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

/** A CSV cell, quoted when it holds a separator, a quote or a line break (RFC 4180). */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function resultsCsv(results: readonly RowResult[], picks: readonly string[]): string {
  const header = ['row', 'call', 'state', 'run_ms', ...picks];
  const lines = results.map((r) =>
    [
      String(r.row),
      r.call ?? '',
      r.state,
      r.runMs === null ? '' : String(r.runMs),
      ...picks.map((p) => cellText(r.picked[p])),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

export function resultsJsonLines(results: readonly RowResult[]): string {
  return results.map((r) => JSON.stringify(r)).join('\n') + (results.length > 0 ? '\n' : '');
}

/** --out FILE: JSON Lines for .jsonl or .ndjson, CSV otherwise. */
export async function writeResults(file: string, results: readonly RowResult[], picks: readonly string[]) {
  const text = /\.(jsonl|ndjson)$/i.test(file) ? resultsJsonLines(results) : resultsCsv(results, picks);
  await writeFile(file, text, { mode: 0o600 });
}

/** The order a batch's exit code looks at the rows' ends in: the first one found names it. */
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
  const left = (counts.pending ?? 0) + (counts.firing ?? 0) + (counts.sending ?? 0) + (counts.waiting ?? 0);
  if (left > 0) return ExitCode.notFinished;
  const worst = WORST_FIRST.find((s) => (counts[s] ?? 0) > 0);
  return worst === undefined || worst === 'pending' || worst === 'firing'
    ? ExitCode.failure
    : exitCodeForState(worst, true);
}
