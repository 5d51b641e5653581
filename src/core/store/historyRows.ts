import { Call } from '../../shared/models/call.ts';
import type { ListedCall } from '../../shared/models/callSummary.ts';
import type { WarningLog } from './warnings.ts';
import { searchText } from './callQueries.ts';

/** A call as its rows hold it: the record without its response, and the response apart. */
export type CallRow = { data: string; json?: string | null; exact?: string | null };

/**
 * How long a call's run took, accepted to finished, in whole milliseconds, when it ran to an end
 * (done or failed); null otherwise, or when the clock went back meanwhile.
 * Set with the state: a call's finishedAt changes only when its state does.
 */
export function runMsOf(call: Call): number | null {
  if (call.state !== 'done' && call.state !== 'failed') return null;
  if (call.acceptedAt === null || call.finishedAt === null) return null;
  // Whole milliseconds (Date.now()'s), so SQLite hands a day's run times over as short text.
  const ms = Math.round(call.finishedAt - call.acceptedAt);
  return ms >= 0 ? ms : null;
}

/**
 * A call split for storage: `bytes` is what it takes on disk, for the
 * history's byte budget; `runMs` the run time its statistics read.
 */
export function toRows(call: Call): {
  data: string;
  json: string | null;
  exact: string | null;
  search: string;
  bytes: number;
  runMs: number | null;
} {
  const { response, responseText, ...record } = call;
  const data = JSON.stringify(record);
  const json = response === undefined ? null : JSON.stringify(response);
  const exact = responseText ?? null;
  const search = searchText(call, json);
  const bytes =
    Buffer.byteLength(data) +
    Buffer.byteLength(search) +
    (json === null ? 0 : Buffer.byteLength(json)) +
    (exact === null ? 0 : Buffer.byteLength(exact));
  return { data, json, exact, search, bytes, runMs: runMsOf(call) };
}

/**
 * The call a row holds, checked with the schema; a row that cannot be read
 * (damaged, or written by a broken program) is skipped with a warning.
 */
export function parseCallRow(row: CallRow | undefined, warnings: WarningLog): Call | undefined {
  if (row === undefined) return undefined;
  let parsed;
  try {
    const record = JSON.parse(row.data) as Record<string, unknown>;
    // A v1 record kept its response inline; a moved one holds it apart.
    if (typeof row.json === 'string') record['response'] = JSON.parse(row.json);
    if (typeof row.exact === 'string') record['responseText'] = row.exact;
    parsed = Call.safeParse(record);
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) return parsed.data;
  warnings.add('history', 'A call in the history could not be read and was skipped.');
  return undefined;
}

/** A listed call: the record as stored, without ever reading its response. */
export function parseListedRow(
  row: { data: string; has_response: number },
  warnings: WarningLog,
): ListedCall | undefined {
  const call = parseCallRow({ data: row.data }, warnings);
  if (call === undefined) return undefined;
  const { response, responseText: _exact, ...rest } = call;
  // A record from before responses moved apart that SQLite could not upgrade keeps it inline.
  return { ...rest, hasResponse: row.has_response === 1 || response !== undefined };
}
