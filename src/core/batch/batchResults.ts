import { cellText, type RowResult } from '../../shared/models/batch.ts';
import type { Call } from '../../shared/models/call.ts';
import type { BatchRow } from './batchTypes.ts';

/**
 * The value at a dotted path of the call (`response.invoiceId`,
 * `webhookCallId`); undefined when absent. Which paths may be asked is
 * checked before (shared/models/pickPath.ts, in BatchOps.results).
 */
export function pickPath(call: Call, path: string): unknown {
  let at: unknown = call;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Each row's outcome: its call's state and run time, and the paths of its call picked. */
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
