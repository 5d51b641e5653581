import { firstInexactNumber, keepsExactValue } from '../../../../shared/exactNumbers.ts';
import { isJsonObject, JsonObject, type JsonValue } from '../../../../shared/models/json.ts';

export type ArgType = 'text' | 'number' | 'boolean' | 'null' | 'json';
export const argTypes: ReadonlyArray<{ value: ArgType; label: string }> = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Yes/no' },
  { value: 'null', label: 'Null' },
  { value: 'json', label: 'JSON' },
];

/** One argument as the table edits it: the value as typed, read by its type. */
export type ArgRow = { id: string; key: string; type: ArgType; value: string };

let nextRowId = 0;
export function newRow(partial: Partial<ArgRow> = {}): ArgRow {
  nextRowId += 1;
  return { id: `row-${nextRowId}`, key: '', type: 'text', value: '', ...partial };
}

function rowOf(key: string, value: JsonValue): ArgRow {
  if (typeof value === 'string') return newRow({ key, type: 'text', value });
  if (typeof value === 'number') return newRow({ key, type: 'number', value: String(value) });
  if (typeof value === 'boolean') return newRow({ key, type: 'boolean', value: String(value) });
  if (value === null) return newRow({ key, type: 'null', value: '' });
  return newRow({ key, type: 'json', value: JSON.stringify(value) });
}

/** The table for a set of arguments: one row each, in their order, typed by their value. */
export function rowsFromArgs(args: JsonObject): ArgRow[] {
  return Object.entries(args).map(([key, value]) => rowOf(key, value));
}

/** A row's value, or why it is not one of its type. */
function valueOf(row: ArgRow): { value: JsonValue } | { error: string } {
  switch (row.type) {
    case 'text':
      return { value: row.value };
    case 'null':
      return { value: null };
    case 'boolean':
      return row.value === 'true' || row.value === 'false'
        ? { value: row.value === 'true' }
        : { error: 'Choose true or false.' };
    case 'number': {
      const typed = row.value.trim();
      if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(typed))
        return { error: 'Type a number such as 42 or 12.5.' };
      if (!keepsExactValue(typed)) {
        return { error: `${typed} cannot be sent exactly as a number; make it Text to send it as typed.` };
      }
      return { value: Number(typed) };
    }
    case 'json': {
      const parsed = parseJson(row.value);
      return 'value' in parsed ? parsed : { error: parsed.error.message };
    }
  }
}

/** The arguments a table holds, or each bad row's reason by row id. */
export function argsFromRows(
  rows: readonly ArgRow[],
): { args: JsonObject } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const args: JsonObject = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key === '' && row.value === '' && row.type === 'text') continue; // an empty row is ignored
    if (key === '') errors[row.id] = 'Give this argument a name.';
    else if (seen.has(key)) errors[row.id] = `Another argument is already named "${key}".`;
    else if (key === '__proto__') errors[row.id] = '"__proto__" cannot be used as a name; rename it.';
    seen.add(key);
    const value = valueOf(row);
    if ('error' in value) errors[row.id] ??= value.error;
    else if (errors[row.id] === undefined) args[key] = value.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { args };
}

export type JsonProblem = { message: string; line: number; column: number; offset: number };

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Where JSON.parse stopped, from V8's message ("… at position 12" or "(line 2 column 3)"). */
function offsetOf(text: string, message: string): number {
  const at = /position (\d+)/.exec(message);
  if (at !== null) return Math.min(Number(at[1]), text.length);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc !== null) {
    const lines = text.split('\n').slice(0, Number(lc[1]) - 1);
    return Math.min(lines.join('\n').length + (lines.length > 0 ? 1 : 0) + Number(lc[2]) - 1, text.length);
  }
  return text.length;
}

function parseJson(text: string): { value: JsonValue } | { error: JsonProblem } {
  try {
    const inexact = firstInexactNumber(text);
    const value = JSON.parse(text) as JsonValue;
    if (inexact !== undefined) {
      const offset = text.indexOf(inexact);
      const where = position(text, offset);
      return {
        error: {
          message: `The number ${inexact} cannot be sent exactly; put it in quotes to send it as text.`,
          ...where,
          offset,
        },
      };
    }
    return { value };
  } catch (error) {
    const raw = error instanceof Error ? error.message : 'not valid JSON';
    const offset = offsetOf(text, raw);
    const where = position(text, offset);
    const reason = raw
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, "[\s\S]*" is not valid JSON$/, '')
      .replace(/^Unexpected end of JSON input$/, 'the text ends too early');
    return {
      error: {
        message: `Not valid JSON at line ${where.line}, column ${where.column}: ${reason}`,
        ...where,
        offset,
      },
    };
  }
}

/** Arguments written as JSON: an object, or the problem and where it is. */
export function parseArgsJson(text: string): { args: JsonObject } | { error: JsonProblem } {
  if (text.trim() === '') return { args: {} };
  const parsed = parseJson(text);
  if ('error' in parsed) return parsed;
  if (!isJsonObject(parsed.value)) {
    return {
      error: { message: 'Arguments must be an object: { "name": value, … }.', line: 1, column: 1, offset: 0 },
    };
  }
  const checked = JsonObject.safeParse(parsed.value);
  if (!checked.success) {
    return { error: { message: checked.error.issues[0]!.message, line: 1, column: 1, offset: 0 } };
  }
  return { args: checked.data };
}

export function formatArgs(args: JsonObject): string {
  return Object.keys(args).length === 0 ? '{}' : JSON.stringify(args, null, 2);
}
