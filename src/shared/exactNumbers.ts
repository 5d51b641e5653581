/* Shared so the window's argument editor keeps numbers exactly as the CLI does. */
/**
 * Whether a number as typed survives being read as a JSON number (a double)
 * with its value unchanged: 12.5, 0.1 and 1e3 do; 123456789012345678.5 and
 * 9007199254740993.0 do not (they would silently become ...680 and ...992).
 * Compared as decimals, so 1.50 and 1.5 count as the same value.
 */
export function keepsExactValue(typed: string): boolean {
  const value = Number(typed);
  if (!Number.isFinite(value)) return false;
  const a = decimal(typed.trim());
  const b = decimal(String(value));
  return (
    a !== undefined &&
    b !== undefined &&
    a.digits === b.digits &&
    a.exp === b.exp &&
    a.negative === b.negative
  );
}

type Decimal = { negative: boolean; digits: string; exp: number };

function decimal(text: string): Decimal | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null) return undefined;
  const fraction = m[3] ?? '';
  let digits = (m[2]! + fraction).replace(/^0+/, '');
  let exp = Number(m[4] ?? '0') - fraction.length;
  if (digits === '') return { negative: false, digits: '', exp: 0 };
  const trimmed = digits.replace(/0+$/, '');
  exp += digits.length - trimmed.length;
  digits = trimmed;
  return { negative: m[1] === '-', digits, exp };
}

/**
 * The first number literal in a JSON text that would not keep its value when
 * read, or undefined. Strings are skipped, so "123456789012345678.5" in quotes
 * (text) is fine.
 */
export function firstInexactNumber(json: string): string | undefined {
  for (let i = 0; i < json.length; i++) {
    const ch = json.charCodeAt(i);
    if (ch === 34) {
      // To the closing quote: one not escaped by an odd run of backslashes.
      let end = json.indexOf('"', i + 1);
      while (end > 0 && escaped(json, end)) end = json.indexOf('"', end + 1);
      if (end < 0) return undefined;
      i = end;
      continue;
    }
    if (ch !== 45 && !isDigit(ch)) continue;
    // Read by hand, not by a regex per number: a 20 MB answer holds a million of them.
    let end = ch === 45 ? i + 1 : i;
    const start = end;
    while (isDigit(json.charCodeAt(end))) end++;
    if (end === start) continue;
    if (json.charCodeAt(end) === 46 && isDigit(json.charCodeAt(end + 1))) {
      end += 2;
      while (isDigit(json.charCodeAt(end))) end++;
    }
    let exponent = false;
    const e = json.charCodeAt(end);
    if (e === 101 || e === 69) {
      let at = end + 1;
      const sign = json.charCodeAt(at);
      if (sign === 43 || sign === 45) at++;
      if (isDigit(json.charCodeAt(at))) {
        while (isDigit(json.charCodeAt(at))) at++;
        end = at;
        exponent = true;
      }
    }
    // Fewer than 16 characters hold at most 15 significant digits, which a double
    // carries exactly, unless an exponent takes them out of its range.
    if ((end - i >= 16 || exponent) && !keepsExactValue(json.slice(i, end))) return json.slice(i, end);
    i = end - 1;
  }
  return undefined;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the character at `at` follows an odd run of backslashes. */
function escaped(text: string, at: number): boolean {
  let run = 0;
  while (at - run - 1 >= 0 && text.charCodeAt(at - run - 1) === 92) run++;
  return run % 2 === 1;
}

/**
 * What every number a double may not carry has: 16 or more digits (a
 * decimal point may sit among them) or a three-digit exponent. A literal
 * with neither has at most 15 significant digits in the normal range,
 * which a double always carries exactly. Strings may match too; they only
 * cost the slower reading.
 */
const MAYBE_INEXACT = /\d(?:\.?\d){15}|[eE][+-]?\d{3}/;

/** False only when every number in `text` is sure to keep its value (see MAYBE_INEXACT). */
export function mayHoldInexactNumber(text: string): boolean {
  return MAYBE_INEXACT.test(text);
}

type SourceReviver = (key: string, value: unknown, context?: { source?: string }) => unknown;
const rawJson = (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON;

/**
 * JSON text read without changing any number: a number a double cannot
 * carry unchanged stays its source text (JSON.rawJSON), so JSON.stringify
 * writes it back exactly as it came, indented or not.
 */
export function parseKeepingNumbers(text: string): unknown {
  // Calling a reviver for every value of a 20 MB answer costs seconds; a
  // text with no literal that could be inexact (a quick regex), or none that
  // is (a scan, a third of the reviver's cost), is read as it is.
  if (!mayHoldInexactNumber(text) || firstInexactNumber(text) === undefined) return JSON.parse(text);
  const keepSource: SourceReviver = (_key, value, context) =>
    typeof value === 'number' && context?.source !== undefined && !keepsExactValue(context.source)
      ? rawJson(context.source)
      : value;
  return JSON.parse(text, keepSource as Parameters<typeof JSON.parse>[1]);
}
