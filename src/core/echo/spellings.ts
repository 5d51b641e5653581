/**
 * How a secret may be spelled where a service echoes it: as written, with
 * JSON escapes, or percent-encoded as well (a header echoed inside a JSON
 * string inside a query string). echoMask.ts finds secrets with these; this
 * file knows only spellings, nothing of secrets or their prints.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

function hexCases(hex: string): string {
  return [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');
}

/** Every way one character may be spelled: as is, JSON-escaped, percent-encoded, `+` for a space. */
function characterForms(code: number): string {
  const ch = String.fromCharCode(code);
  const u = code.toString(16).padStart(4, '0');
  const forms = [escapeRegExp(ch), `\\\\u${hexCases(u)}`];
  if (code < 0x80) forms.push(`%${hexCases(u.slice(2))}`);
  if (ch === '/') forms.push('\\\\/');
  if (ch === '"' || ch === '\\') forms.unshift(`\\\\${escapeRegExp(ch)}`);
  if (ch === ' ') forms.push('\\+');
  return `(?:${forms.join('|')})`;
}

/** Where any of the secrets' first characters stand, in any spelling: the scan's only pass over the whole text. */
export function leadPattern(firstCharacters: readonly string[]): RegExp {
  const leads = [...new Set(firstCharacters)];
  return new RegExp(
    leads.map((lead) => Array.from(lead, (c) => characterForms(c.charCodeAt(0))).join('')).join('|'),
    'g',
  );
}

const hexValue = (c: number): number =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/** The one-character JSON escapes, by the code after the backslash. */
const JSON_ESCAPES: Readonly<Record<number, number>> = {
  34: 34,
  92: 92,
  47: 47,
  98: 8,
  102: 12,
  110: 10,
  114: 13,
  116: 9,
};

export type Spelling = 'written' | 'json' | 'url';

/**
 * `n` characters read from `at` as a service may have spelled them, and
 * where they end: as written; with JSON escapes (`\u002b`, `\/`, `\"`); or
 * with those and percent-encoding too (ASCII, either hex case, `+` for a
 * space). Any mix within a spelling, as in an echoed header inside a JSON
 * string inside a query string. Undefined when the text ends first.
 */
export function readSpelled(
  text: string,
  at: number,
  n: number,
  spelling: Spelling,
): [string, number] | undefined {
  if (spelling === 'written') return at + n <= text.length ? [text.slice(at, at + n), at + n] : undefined;
  let out = '';
  let i = at;
  while (out.length < n) {
    if (i >= text.length) return undefined;
    let c = text.charCodeAt(i);
    let next = i + 1;
    if (c === 92 && i + 1 < text.length) {
      const e = text.charCodeAt(i + 1);
      if (e === 117 && i + 5 < text.length) {
        let v = 0;
        for (let k = 2; k < 6 && v >= 0; k++) {
          const d = hexValue(text.charCodeAt(i + k));
          v = d < 0 ? -1 : v * 16 + d;
        }
        if (v >= 0) {
          c = v;
          next = i + 6;
        }
      } else if (JSON_ESCAPES[e] !== undefined) {
        c = JSON_ESCAPES[e];
        next = i + 2;
      }
    } else if (spelling === 'url' && c === 37 && i + 2 < text.length) {
      const hi = hexValue(text.charCodeAt(i + 1));
      const lo = hexValue(text.charCodeAt(i + 2));
      if (hi >= 0 && hi < 8 && lo >= 0) {
        c = hi * 16 + lo;
        next = i + 3;
      }
    } else if (spelling === 'url' && c === 43) c = 32;
    out += String.fromCharCode(c);
    i = next;
  }
  return [out, i];
}
