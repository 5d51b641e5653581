/**
 * About how many instructions RE2 (re2js) compiles `source` to, read from
 * the text alone in one pass, without compiling it. Compiling is what costs:
 * a 50-character pattern such as `(a*){999}(a*){999}…` compiles to 20,000
 * instructions in tens of milliseconds, and checking a value costs about
 * instructions × characters. The estimate lets a pattern that would be too
 * large be refused before any of that is spent.
 *
 * It follows RE2's syntax as far as size goes: an atom (a character, an
 * escape, a class) is one instruction, a group adds two (its captures), an
 * operator or alternation one, and `{n,m}` copies what it repeats m times
 * (nested repeats multiply). It errs on the large side (RE2 merges
 * `a|b` into one class, for instance), and the exact size is checked after
 * compiling anyway; what matters is that it never guesses far too small.
 */
export function patternSizeEstimate(source: string): number {
  const stack: Frame[] = [{ size: 0, last: 0 }];
  let top = stack[0]!;
  const atom = (size: number) => {
    top.size += size;
    top.last = size;
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\') {
      if (source[i + 1] === 'Q') {
        // \Q…\E: every character between is a literal atom.
        const end = source.indexOf('\\E', i + 2);
        const stop = end === -1 ? source.length : end;
        for (let j = i + 2; j < stop; j++) atom(1);
        i = end === -1 ? source.length : end + 2;
      } else {
        i = afterEscape(source, i);
        atom(1);
      }
    } else if (ch === '[') {
      i = afterClass(source, i);
      atom(1);
    } else if (ch === '(') {
      FLAGS.lastIndex = i;
      const flags = FLAGS.exec(source);
      if (flags !== null) i += flags[0].length;
      else {
        top = { size: 0, last: 0 };
        stack.push(top);
        i = afterGroupOpening(source, i);
      }
    } else if (ch === ')') {
      top = closeGroup(stack);
      i++;
    } else if (ch === '|') {
      top.size += 1;
      top.last = 0;
      i++;
    } else if (ch === '*' || ch === '+' || ch === '?') {
      top.size += 1;
      i++;
    } else {
      REPEAT.lastIndex = i;
      const repeat = ch === '{' ? REPEAT.exec(source) : null;
      if (repeat === null) {
        atom(1);
        i++;
      } else {
        const copies = Math.min(repeatSize(top.last, repeat), MAX_ESTIMATE);
        top.size = Math.min(top.size - top.last + copies, MAX_ESTIMATE);
        top.last = copies;
        i += repeat[0].length;
      }
    }
  }
  while (stack.length > 1) top = closeGroup(stack);
  // The match instruction, the whole match's capture and the unanchored start.
  return top.size + 4;
}

type Frame = { size: number; last: number };

/** Past this the estimate only says "far too large"; it also keeps the numbers finite. */
const MAX_ESTIMATE = 1e9;

/** `(?i)` and the like set flags and hold nothing; `(?i:…)` is a group. */
const FLAGS = /\(\?[A-Za-z-]*\)/y;
/** `{n}`, `{n,}`, `{n,m}`; any other `{` is a literal in RE2. */
const REPEAT = /\{(\d+)(,(\d*))?\}/y;

/**
 * What `{n}`, `{n,}` or `{n,m}` makes of an atom of `size` instructions: n
 * copies, then a star (one more copy and a split) or m-n optional copies
 * (each with a split). Counts past RE2's 1,000 are refused by RE2 itself.
 */
function repeatSize(size: number, repeat: RegExpExecArray): number {
  const min = Math.min(Number(repeat[1]), 1001);
  if (repeat[2] === undefined) return size * min;
  if (repeat[3] === '') return size * (min + 1) + 1;
  const max = Math.max(Math.min(Number(repeat[3]), 1001), min);
  return size * max + (max - min);
}

function closeGroup(stack: Frame[]): Frame {
  if (stack.length === 1) {
    // An unmatched ")": RE2 refuses it; count it as an atom meanwhile.
    const top = stack[0]!;
    top.size += 1;
    top.last = 1;
    return top;
  }
  const inner = stack.pop()!;
  const top = stack[stack.length - 1]!;
  // Its two captures, or an empty match's one instruction besides.
  const size = Math.min(inner.size + (inner.size === 0 ? 3 : 2), MAX_ESTIMATE);
  top.size = Math.min(top.size + size, MAX_ESTIMATE);
  top.last = size;
  return top;
}

/** Past `(`, `(?:`, `(?i:`, `(?P<name>`, `(?<name>`: what follows is the group's content. */
function afterGroupOpening(source: string, i: number): number {
  if (source[i + 1] !== '?') return i + 1;
  const close = /[:>]/.exec(source.slice(i + 2, i + 2 + 256));
  return close === null ? i + 2 : i + 3 + close.index;
}

/** Past one escape: `\d`, `\.`, `\pL`, `\p{Greek}`, `\x{263a}`. */
function afterEscape(source: string, i: number): number {
  const kind = source[i + 1];
  if ((kind === 'p' || kind === 'P' || kind === 'x') && source[i + 2] === '{') {
    const end = source.indexOf('}', i + 3);
    return end === -1 ? source.length : end + 1;
  }
  if (kind === 'p' || kind === 'P') return i + 3;
  return i + 2;
}

/** Past a character class: `[abc]`, `[^]a]`, `[[:alpha:]\]x]`. */
function afterClass(source: string, i: number): number {
  let j = i + 1;
  if (source[j] === '^') j++;
  // A "]" first in a class is a literal.
  if (source[j] === ']') j++;
  while (j < source.length) {
    const ch = source[j];
    if (ch === ']') return j + 1;
    if (ch === '\\') j = afterEscape(source, j);
    else if (ch === '[' && source[j + 1] === ':') {
      const end = source.indexOf(':]', j + 2);
      j = end === -1 ? j + 1 : end + 2;
    } else j++;
  }
  return source.length;
}
