import { activeStates, type Call, type CallFilter } from '../../shared/models/call.ts';

/**
 * How the call history is searched: the text kept beside each call for
 * free-text search, and the SQL for a filter. People's text is matched as
 * typed: `%` and `_` are plain characters, never LIKE's wildcards.
 */

/** A LIKE pattern for `text` as typed, at the start of a value or anywhere in it (with ESCAPE '\'). */
export function likePattern(text: string, where: 'start' | 'anywhere'): string {
  const escaped = text.replace(/[\\%_]/g, (c) => '\\' + c);
  return where === 'start' ? escaped + '%' : '%' + escaped + '%';
}

/** The filter's calls, newest first, one page of them. */
export function listQuery(filter: ReturnType<typeof CallFilter.parse>): {
  sql: string;
  params: Array<string | number>;
} {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (filter.robotId !== undefined) {
    where.push('robot_id = ?');
    params.push(filter.robotId);
  }
  if (filter.states !== undefined && filter.states.length > 0) {
    where.push(`state IN (${filter.states.map(() => '?').join(', ')})`);
    params.push(...filter.states);
  }
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    where.push("search LIKE ? ESCAPE '\\'");
    params.push(likePattern(text, 'anywhere'));
  }
  // The response table is only asked whether a row exists (its primary key):
  // no response text is read.
  const sql =
    'SELECT data, EXISTS (SELECT 1 FROM responses WHERE call_key = calls.key) AS has_response FROM calls' +
    (where.length > 0 ? ' WHERE ' + where.join(' AND ') : '') +
    ' ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?';
  params.push(filter.limit ?? 200, filter.offset ?? 0);
  return { sql, params };
}

/** The finished calls, of one robot or all, to forget: active calls stay. */
export function finishedIdsQuery(robotId?: string): { sql: string; params: string[] } {
  const placeholders = activeStates.map(() => '?').join(', ');
  return {
    sql:
      `SELECT id FROM calls WHERE state NOT IN (${placeholders})` +
      (robotId === undefined ? '' : ' AND robot_id = ?'),
    params: [...activeStates, ...(robotId === undefined ? [] : [robotId])],
  };
}

/** The search text of arguments, kept per arguments object: a call's records share theirs, never changed. */
const argsTexts = new WeakMap<object, string>();

function argsText(args: Call['args']): string {
  let text = argsTexts.get(args);
  if (text === undefined) {
    text = JSON.stringify(args).slice(0, 4_000);
    argsTexts.set(args, text);
  }
  return text;
}

/**
 * What free-text search looks in, one field per line (so text spanning two
 * fields is not found), in lower case; arguments and response cut to 4,000
 * characters each. `responseJson`: the response as JSON text, when the caller
 * has it already.
 */
export function searchText(call: Call, responseJson?: string | null): string {
  const response =
    call.response === undefined ? '' : (responseJson ?? JSON.stringify(call.response)).slice(0, 4_000);
  return [
    call.robotName,
    call.presetName ?? '',
    call.webhookCallId ?? '',
    call.id,
    call.state,
    call.rawStatus ?? '',
    argsText(call.args),
    response,
    call.error?.message ?? '',
  ]
    .join('\n')
    .toLowerCase();
}
