import type { JsonObject } from '../../../../shared/models/json.ts';
import {
  argsFromRows,
  formatArgs,
  parseArgsJson,
  rowsFromArgs,
  type ArgRow,
  type JsonProblem,
} from './argsModel.ts';

/** The arguments being edited, in whichever editor is open. */
export type ArgsDraft = { mode: 'table'; rows: ArgRow[] } | { mode: 'json'; text: string };

export type ArgsResult =
  { args: JsonObject } | { rowErrors: Record<string, string> } | { jsonError: JsonProblem };

export function argsDraftOf(args: JsonObject): ArgsDraft {
  return { mode: 'table', rows: rowsFromArgs(args) };
}

export function readArgs(draft: ArgsDraft): ArgsResult {
  if (draft.mode === 'table') {
    const result = argsFromRows(draft.rows);
    return 'args' in result ? result : { rowErrors: result.errors };
  }
  const result = parseArgsJson(draft.text);
  return 'args' in result ? result : { jsonError: result.error };
}

/**
 * The same arguments in the other editor, or undefined while the current one
 * holds something that is not arguments yet (switching then would lose it).
 */
export function switchArgsMode(draft: ArgsDraft): ArgsDraft | undefined {
  const result = readArgs(draft);
  if (!('args' in result)) return undefined;
  return draft.mode === 'table'
    ? { mode: 'json', text: formatArgs(result.args) }
    : { mode: 'table', rows: rowsFromArgs(result.args) };
}
