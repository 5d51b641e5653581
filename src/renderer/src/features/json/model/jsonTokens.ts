/**
 * The token scanners of the index builder (indexBuilder.ts): each reads one
 * whole token of JSON text from a position and says where it ends, MORE when
 * the text received so far ends inside it, or throws a Fault naming what was
 * expected there. They build nothing; the builder decides what a token means.
 */

/** A scanner's answer when the token runs past the text received so far. */
export const MORE = -1;

export class Fault {
  readonly at: number;
  readonly expected: string;
  constructor(at: number, expected: string) {
    this.at = at;
    this.expected = expected;
  }
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** The position just after the closing quote of the string at `start`, or MORE. */
export function scanString(text: string, start: number, final: boolean): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c !== c) {
      if (final) throw new Fault(i, 'a closing quote');
      return MORE;
    }
    if (c < 0x20) throw new Fault(i, 'no raw control character inside a string');
    if (c === 92) {
      const e = text.charCodeAt(i + 1);
      if (!final && (e !== e || (e === 117 && i + 6 > text.length))) return MORE;
      if (e === 117) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Fault(i, 'a \\uXXXX escape');
        i += 6;
        continue;
      }
      // " \ / b f n r t
      if (e !== 34 && e !== 92 && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) {
        throw new Fault(i, 'a valid escape');
      }
      i += 2;
      continue;
    }
    i++;
  }
}

/** The end of the number at `start`, MORE when the text so far ends inside it. */
export function scanNumber(text: string, start: number, final: boolean): number {
  if (!final) {
    let j = start;
    for (;;) {
      const c = text.charCodeAt(j);
      // Digits, "-", "+", ".", "e", "E": anything else ends a number.
      if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69) j++;
      else break;
    }
    if (j >= text.length) return MORE;
  }
  numberPattern.lastIndex = start;
  if (!numberPattern.test(text)) throw new Fault(start, 'a number');
  return numberPattern.lastIndex;
}

export function scanWord(text: string, start: number, final: boolean): number {
  const c = text.charCodeAt(start);
  const word = c === 116 ? 'true' : c === 102 ? 'false' : c === 110 ? 'null' : '';
  if (word !== '' && text.startsWith(word, start)) return start + word.length;
  if (!final && word !== '' && text.length - start < word.length && word.startsWith(text.slice(start))) {
    return MORE;
  }
  throw new Fault(start, 'a value');
}
