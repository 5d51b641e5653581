import { Call } from '../../shared/models/call.ts';
import type { ListedCall } from '../../shared/models/callSummary.ts';
import type { WarningLog } from './warnings.ts';
import { searchText } from './callQueries.ts';

/** A call as its rows hold it: the record without its response, and the response apart. */
export type CallRow = { data: string; json?: string | null; exact?: string | null };

/** A call split for storage: `bytes` is what it takes on disk, for the history's byte budget. */
export function toRows(call: Call): {
  data: string;
  json: string | null;
  exact: string | null;
  search: string;
  bytes: number;
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
  return { data, json, exact, search, bytes };
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
