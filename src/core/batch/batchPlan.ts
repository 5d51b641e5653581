import type { JsonObject } from '../../shared/models/json.ts';
import type { Preset } from '../../shared/models/preset.ts';
import { type FieldValues, fieldValuesFromText, type PresetField } from '../../shared/models/presetFields.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { AppError, parseInput } from '../errors.ts';
import { FireRequest } from '../../shared/models/fire.ts';
import { mergeFireSpec } from '../tracker/fireSpec.ts';
import type { InputTable } from './batchInput.ts';
import type { RowRequest } from './batchTypes.ts';

/** One thing wrong with the input: its row (1 is the first under the header; 0 the header itself) and column. */
export type RowProblem = { row: number; column: string | null; message: string };

/** The rows as they will be sent, or every problem found; nothing is sent unless there are none. */
export type BatchPlan = { requests: RowRequest[]; problems: RowProblem[] };

/** A column holding typed JSON for a preset without fields (`count:json` → `count`), as the CLI's `:=`. */
const JSON_SUFFIX = /:json$/i;

/** Listing every problem of 10,000 bad rows helps nobody: the first ones say what to fix. */
const MAX_PROBLEMS = 100;

/**
 * Check every row against the preset before anything is sent. A preset with
 * fill-in fields takes each column as the field of that name or label (case
 * does not matter); one without fields takes the columns as top-level
 * arguments, as text, or as JSON for a `NAME:json` column. Each row is then
 * checked as the fire would check it (mergeFireSpec: the fields' rules and
 * the arguments' limits), with `secrets`, the secret fields' values given
 * once for the batch.
 */
export function planBatch(robot: Robot, preset: Preset, table: InputTable, secrets: FieldValues): BatchPlan {
  const problems: RowProblem[] = [];
  const requests: RowRequest[] = [];
  let toRequest: (cells: Record<string, unknown>, row: number) => RowRequest | undefined;
  if (preset.fields.length === 0) {
    const columns = argColumns(table.columns, problems);
    toRequest = (cells, row) => argsRequest(cells, columns, row, problems);
  } else {
    const columns = fieldColumns(preset, table.columns, problems);
    toRequest = (cells, row) => fieldsRequest(preset, cells, columns, row, problems);
  }
  if (problems.length > 0) return { requests, problems };
  table.rows.forEach((cells, i) => {
    if (problems.length >= MAX_PROBLEMS) return;
    const row = i + 1;
    const request = toRequest(cells, row);
    if (request !== undefined && checkRequest(robot, preset, request, secrets, row, problems))
      requests.push(request);
  });
  return { requests, problems };
}

/**
 * Check requests stored by an earlier batch (its rows run again) as a new
 * batch's rows are checked: the preset may have changed since. A problem
 * names the row's number in the earlier batch.
 */
export function planStoredRequests(
  robot: Robot,
  preset: Preset,
  rows: ReadonlyArray<{ n: number; request: RowRequest }>,
  secrets: FieldValues,
): BatchPlan {
  const problems: RowProblem[] = [];
  const requests: RowRequest[] = [];
  for (const { n, request } of rows) {
    if (problems.length >= MAX_PROBLEMS) break;
    const own = 'fields' in request ? { fields: withoutSecrets(preset, request.fields) } : request;
    if (checkRequest(robot, preset, own, secrets, n, problems)) requests.push(own);
  }
  return { requests, problems };
}

/** A stored row never holds a secret field; one made secret since the row was stored is dropped, the batch's value sent. */
function withoutSecrets(preset: Preset, fields: FieldValues): FieldValues {
  const secret = new Set(preset.fields.filter((f) => f.secret).map((f) => f.name));
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !secret.has(name)));
}

/** Whether one row's request passes the checks the fire makes (mergeFireSpec); a problem is noted when not. */
function checkRequest(
  robot: Robot,
  preset: Preset,
  request: RowRequest,
  secrets: FieldValues,
  row: number,
  problems: RowProblem[],
): boolean {
  try {
    const fire = parseInput(FireRequest, fireRequestOf(preset.id, request, secrets), 'row');
    mergeFireSpec(robot, fire, preset);
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push({ row, column: null, message: error.message });
    return false;
  }
}

/** Each column's field, by name, then by label; a column naming no field, or a secret one, is a problem. */
function fieldColumns(
  preset: Preset,
  columns: readonly string[],
  problems: RowProblem[],
): Map<string, PresetField> {
  const byKey = new Map<string, PresetField>();
  for (const field of preset.fields) {
    byKey.set(field.name.toLowerCase(), field);
    if (field.label !== undefined && !byKey.has(field.label.toLowerCase()))
      byKey.set(field.label.toLowerCase(), field);
  }
  const mapped = new Map<string, PresetField>();
  const taken = new Map<string, string>();
  for (const column of columns) {
    const field = byKey.get(column.trim().toLowerCase());
    if (field === undefined) {
      problems.push({
        row: 0,
        column,
        message: `names no field of preset "${preset.name}"; its fields are ${preset.fields.map((f) => f.name).join(', ')}`,
      });
    } else if (field.secret) {
      problems.push({
        row: 0,
        column,
        message: `is the secret field "${field.name}": it is given once for the batch (a prompt, stdin or the environment), never kept in rows`,
      });
    } else if (taken.has(field.name)) {
      problems.push({
        row: 0,
        column,
        message: `names field "${field.name}", as column "${taken.get(field.name)}" does`,
      });
    } else {
      mapped.set(column, field);
      taken.set(field.name, column);
    }
  }
  return mapped;
}

function fieldsRequest(
  preset: Preset,
  cells: Record<string, unknown>,
  columns: Map<string, PresetField>,
  row: number,
  problems: RowProblem[],
): RowRequest | undefined {
  const raw: Record<string, string> = {};
  const columnOf = new Map<string, string>();
  for (const [column, field] of columns) {
    const cell = Object.hasOwn(cells, column) ? cells[column] : undefined;
    columnOf.set(field.name, column);
    if (cell === undefined || cell === null) continue;
    if (typeof cell === 'object') {
      problems.push({ row, column, message: 'must be text, a number or true/false, not a list or object' });
      return undefined;
    }
    raw[field.name] = String(cell);
  }
  // The secret fields are checked with the batch's values, in planBatch.
  const own = preset.fields.filter((f) => !f.secret);
  const result = fieldValuesFromText(own, raw);
  if (result.ok) return { fields: result.values };
  for (const p of result.problems)
    problems.push({ row, column: columnOf.get(p.field) ?? p.field, message: p.reason });
  return undefined;
}

/** Columns as top-level arguments: `NAME` as text, `NAME:json` as JSON. */
function argColumns(
  columns: readonly string[],
  problems: RowProblem[],
): Map<string, { name: string; json: boolean }> {
  const mapped = new Map<string, { name: string; json: boolean }>();
  const names = new Set<string>();
  for (const column of columns) {
    const json = JSON_SUFFIX.test(column);
    const name = column.replace(JSON_SUFFIX, '');
    if (name === '') problems.push({ row: 0, column, message: 'names no argument; write NAME:json' });
    else if (names.has(name))
      problems.push({ row: 0, column, message: `gives argument "${name}" a second time` });
    else mapped.set(column, { name, json });
    names.add(name);
  }
  return mapped;
}

function argsRequest(
  cells: Record<string, unknown>,
  columns: Map<string, { name: string; json: boolean }>,
  row: number,
  problems: RowProblem[],
): RowRequest | undefined {
  const entries: Array<[string, unknown]> = [];
  for (const [column, { name, json }] of columns) {
    const cell = Object.hasOwn(cells, column) ? cells[column] : undefined;
    if (cell === undefined) continue;
    if (!json || typeof cell !== 'string') {
      entries.push([name, cell]);
      continue;
    }
    try {
      entries.push([name, JSON.parse(cell)]);
    } catch (error) {
      problems.push({
        row,
        column,
        message: `is not JSON (${(error as Error).message}); quote text as "text"`,
      });
      return undefined;
    }
  }
  // fromEntries defines own properties: a "__proto__" column is an argument of that name, refused by the checks.
  return { args: Object.fromEntries(entries) as JsonObject };
}

/** The problems as lines people read: "row 3, column amount: must be a number …". */
export function problemLines(problems: readonly RowProblem[]): string[] {
  return problems.map((p) => {
    const where = p.row === 0 ? 'header' : `row ${p.row}`;
    return p.column === null ? `${where}: ${p.message}` : `${where}, column ${p.column}: ${p.message}`;
  });
}

/** The request one row fires, with the batch's secret values put in. */
export function fireRequestOf(presetId: string, request: RowRequest, secrets: FieldValues) {
  return 'fields' in request
    ? { presetId, fields: { ...request.fields, ...secrets } }
    : { presetId, args: request.args };
}
