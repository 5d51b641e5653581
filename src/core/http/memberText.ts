/**
 * Reading an answer's JSON text without JavaScript objects, where their key
 * order would differ from the service's: an object lists integer-like keys
 * ("0", "17") first, in numeric order, whatever order the text had.
 */

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index just past the string starting at `i` (at its opening quote). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j + 1;
  }
  return text.length;
}

/** The index just past the value starting at `i`, in text JSON.parse has accepted. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 34) return stringEnd(text, i);
  if (first !== 123 && first !== 91) {
    let j = i;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 44 || c === 125 || c === 93 || isSpace(c)) break;
      j++;
    }
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) j = stringEnd(text, j) - 1;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return text.length;
}

/**
 * The text of member `key` of the top-level object in `text` (JSON that
 * JSON.parse accepted), as written; the last one when the key repeats, as
 * JSON.parse keeps. Undefined when the text is no object or has no such key.
 */
export function memberValueText(text: string, key: string): string | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 123) return undefined;
  let found: string | undefined;
  i = skipSpace(text, i + 1);
  while (i < text.length && text.charCodeAt(i) === 34) {
    const keyEnd = stringEnd(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, start);
    if (name === key) found = text.slice(start, end);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== 44) break;
    i = skipSpace(text, i + 1);
  }
  return found;
}

/** A key JavaScript objects list first ("0", "42"; not "01" or "-1"). */
export function isIndexLikeKey(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** Quick look at the text: could any key in it be one objects reorder? */
export function mayHoldIndexLikeKey(text: string): boolean {
  return /"(?:0|[1-9]\d{0,9})"\s*:/.test(text);
}

/**
 * Whether reading `value`'s text into objects changed the order of some
 * object's keys: one that holds an index-like key beside other keys (the
 * text may have had them in any order; keeping the text then costs little).
 */
export function mayHaveReorderedKeys(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    const keys = Object.keys(next);
    if (!Array.isArray(next) && keys.length > 1 && keys.some(isIndexLikeKey)) return true;
    for (const key of keys) stack.push((next as Record<string, unknown>)[key]);
  }
  return false;
}
