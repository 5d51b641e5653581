import stringWidth from 'fast-string-width';
import { terminalSafe } from './terminalText.ts';

/**
 * Output for people and for scripts. Data goes to stdout (JSON with --json,
 * tidy text without); progress and errors go to stderr.
 */

/** Exact JSON for scripts (--json): never altered. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** JSON for people to read on a terminal: the same, with control characters shown escaped. */
export function printJsonForPeople(json: string): void {
  process.stdout.write(terminalSafe(json) + '\n');
}

/** A line for people on stdout; control characters from a service are shown escaped. */
export function printLine(text = ''): void {
  process.stdout.write(terminalSafe(text) + '\n');
}

/** A line for people on stderr (errors, warnings, hints), escaped likewise. */
export function printProblem(text: string): void {
  process.stderr.write(terminalSafe(text) + '\n');
}

/**
 * Columns padded to their widest cell, measured in a terminal's columns (an
 * emoji or a CJK character takes two, a combining accent none), so a robot
 * named "🤖 Billing" keeps its row in line; the last column is never padded.
 */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, i) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const pad = (cell: string, width: number) => cell + ' '.repeat(Math.max(0, width - stringWidth(cell)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** `label  value` lines with the labels aligned; a multi-line value is indented under its first line. */
export function formatFields(fields: ReadonlyArray<readonly [string, string | undefined]>): string {
  const shown = fields.filter((f): f is readonly [string, string] => f[1] !== undefined);
  const width = Math.max(0, ...shown.map(([label]) => label.length));
  return shown
    .map(
      ([label, value]) => `${label.padEnd(width)}  ${value.split('\n').join('\n' + ' '.repeat(width + 2))}`,
    )
    .join('\n');
}

/** Local time as YYYY-MM-DD HH:MM:SS: sortable and short. */
export function formatTime(ms: number | null): string {
  if (ms === null) return '-';
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ` +
    `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
  );
}

/** A JSON value on one line, cut short for a table cell. */
export function compactJson(value: unknown, max = 60): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** stdout and stderr written out before the process exits (pipes can be asynchronous). */
export async function flushOutput(): Promise<void> {
  await Promise.all(
    [process.stdout, process.stderr].map(
      (stream) => new Promise<void>((resolve) => stream.write('', () => resolve())),
    ),
  );
}

/** A word as people would type it in a shell: quoted only when it needs to be. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
