import { parse } from 'csv-parse/sync';
import { AppError } from '../errors.ts';

/** Input rows as read: the columns in the header's order, and each row's cells (text from CSV, JSON values from JSON Lines). */
export type InputTable = { columns: string[]; rows: Array<Record<string, unknown>> };

/** How the rows' text is written: CSV with a header row, or JSON Lines (one object per line). */
export type RowsFormat = 'csv' | 'jsonl';

/** JSON Lines when the first thing in the text is an object; CSV otherwise. */
export function guessFormat(text: string): RowsFormat {
  return /^\uFEFF?\s*\{/.test(text) ? 'jsonl' : 'csv';
}

/**
 * The rows of a CSV file with a header, or of JSON Lines. CSV is read by
 * csv-parse (quotes, embedded newlines, a BOM); its separator is the one of
 * `,` `;` and tab that the header line uses most, since spreadsheets in many
 * locales export `;`.
 */
export function readRows(text: string, format: RowsFormat = guessFormat(text)): InputTable {
  const table = format === 'jsonl' ? readJsonLines(text) : readCsv(text);
  if (table.rows.length === 0)
    throw new AppError(
      'validation',
      'The rows hold no row: give a header line and at least one row under it.',
    );
  return table;
}

function readCsv(text: string): InputTable {
  const body = text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: separatorOf(body),
      skip_empty_lines: true,
      trim: false,
    }) as string[][];
  } catch (error) {
    throw new AppError('validation', `The rows are not readable CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (header === undefined) return { columns: [], rows: [] };
  const columns = header.map((c) => c.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    const key = column.toLowerCase();
    if (column === '')
      throw new AppError('validation', "The rows' header has an empty column name; name every column.");
    if (seen.has(key)) throw new AppError('validation', `The rows' header names column "${column}" twice.`);
    seen.add(key);
  }
  return {
    columns,
    rows: rows.map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']))),
  };
}

/** The separator the header line (up to its first line break outside quotes) uses most. */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readJsonLines(text: string): InputTable {
  const columns: string[] = [];
  const known = new Set<string>();
  const rows: Array<Record<string, unknown>> = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new AppError(
          'validation',
          `Line ${i + 1} of the rows is not JSON: ${(error as Error).message}`,
        );
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new AppError(
          'validation',
          `Line ${i + 1} of the rows is not a JSON object; each line is one row, {"name": value, …}.`,
        );
      for (const key of Object.keys(value)) {
        if (!known.has(key)) columns.push(key);
        known.add(key);
      }
      rows.push(value as Record<string, unknown>);
    });
  return { columns, rows };
}
