import { allocate, copyIndex, grow, JsonSyntaxError, NodeKind, type JsonIndex } from './jsonIndex.ts';
import { Fault, MORE, scanNumber, scanString, scanWord, skipSpace } from './jsonTokens.ts';

/**
 * Builds the node table (jsonIndex.ts) from text that arrives in slices, so
 * the start of a 20 MB answer can be shown, and the rest indexed, while
 * later slices are still on their way. Written by hand: the streaming JSON
 * parsers on npm (@streamparser/json, jsonparse, clarinet, oboe) hand out
 * decoded values, not where each key and value sits in the text, so they
 * would lose numbers past 2^53 as written and build a JavaScript object per
 * node; jsonc-parser gives positions but reads one whole string, not slices.
 *
 * Each step takes one whole token (a string, a number, a literal, a mark);
 * a token cut by the end of the slice waits, with the text from its start,
 * for the next one. Nodes are numbered in document order, so the nodes read
 * so far are the first nodes of the whole. The loop keeps its own stack: a
 * deeply nested answer cannot overflow the call stack.
 */

// What the next token may be.
const VALUE = 0;
/** A value, or the "]" of an empty array. */
const FIRST_VALUE = 1;
const KEY = 2;
/** A key, or the "}" of an empty object. */
const FIRST_KEY = 3;
const COLON = 4;
/** "," or the container's closing mark. */
const AFTER = 5;
/** Only white space may follow the root value. */
const DONE = 6;

/** A new node at `start` (in the whole text) under the innermost open container. */
function addNode(
  index: JsonIndex,
  stack: number[],
  kind: NodeKind,
  start: number,
  keyStart: number,
  keyEnd: number,
): number {
  if (index.count === index.kind.length) grow(index);
  const node = index.count++;
  const parent = stack.length === 0 ? -1 : stack[stack.length - 1]!;
  index.kind[node] = kind;
  index.parent[node] = parent;
  index.depth[node] = stack.length;
  index.position[node] = parent === -1 ? 0 : index.childCount[parent]!++;
  index.keyStart[node] = keyStart;
  index.keyEnd[node] = keyEnd;
  index.valueStart[node] = start;
  return node;
}

/** Closes the innermost open container, its text ending at `end`. */
function closeTop(index: JsonIndex, stack: number[], end: number): void {
  const top = stack.pop()!;
  index.valueEnd[top] = end;
  index.end[top] = index.count;
}

const expectedAtEnd = [
  'a value',
  'a value',
  'a key in double quotes',
  'a key in double quotes',
  '":" after the key',
];

export class IndexBuilder {
  readonly #index: JsonIndex;
  readonly #stack: number[] = [];
  #state = VALUE;
  #keyStart = -1;
  #keyEnd = -1;
  /** The text not read yet, from the start of the token in progress. */
  #rest = '';
  /** Where #rest starts in the whole text. */
  #base = 0;
  #chunks: string[] = [];
  #fault: Fault | undefined;
  #final = false;

  /** `expectedLength`, when known, sizes the table once instead of growing it. */
  constructor(expectedLength = 0) {
    this.#index = allocate(Math.max(16, Math.min(1 << 20, expectedLength >> 4)));
  }

  /** Reads the next slice of the text as far as its last whole token. */
  push(slice: string): void {
    this.#chunks.push(slice);
    if (this.#fault || this.#final) return;
    this.#rest += slice;
    this.#run();
  }

  /** The text has all come: the whole table, or a JsonSyntaxError saying where and what was expected. */
  finish(): JsonIndex {
    if (!this.#final) {
      this.#final = true;
      if (!this.#fault) this.#run();
    }
    if (this.#fault) throw new JsonSyntaxError(this.text(), this.#fault.at, this.#fault.expected);
    return copyIndex(this.#index);
  }

  /** True once the text read so far cannot be JSON, whatever follows. */
  get failed(): boolean {
    return this.#fault !== undefined;
  }

  /** All the text pushed so far, joined once. */
  text(): string {
    if (this.#chunks.length > 1) this.#chunks = [this.#chunks.join('')];
    return this.#chunks[0] ?? '';
  }

  /**
   * The nodes read so far, in a table of their own. Containers still open
   * have a child count of -1 (not known yet) and end where reading stopped.
   */
  snapshot(): JsonIndex {
    const out = copyIndex(this.#index);
    for (const open of this.#stack) {
      out.end[open] = out.count;
      out.valueEnd[open] = this.#base;
      out.childCount[open] = -1;
    }
    return out;
  }

  #run(): void {
    const text = this.#rest;
    const final = this.#final;
    let i: number;
    try {
      i = this.#steps(text, final);
    } catch (error) {
      if (!(error instanceof Fault)) throw error;
      this.#fault = new Fault(this.#base + error.at, error.expected);
      this.#rest = '';
      return;
    }
    this.#rest = text.slice(i);
    this.#base += i;
  }

  /** Reads tokens from `text` until it runs out or ends inside one; returns where reading stopped. */
  #steps(text: string, final: boolean): number {
    const index = this.#index;
    const stack = this.#stack;
    const base = this.#base;
    let state = this.#state;
    let keyStart = this.#keyStart;
    let keyEnd = this.#keyEnd;
    let i = 0;
    try {
      for (;;) {
        i = skipSpace(text, i);
        if (i >= text.length) {
          if (final && state !== DONE) throw new Fault(i, this.#expectedAfter(state));
          return i;
        }
        const c = text.charCodeAt(i);
        if (state === AFTER) {
          const top = stack[stack.length - 1]!;
          const isObject = index.kind[top] === NodeKind.object;
          if (c === 44) {
            i++;
            state = isObject ? KEY : VALUE;
          } else if (c === (isObject ? 125 : 93)) {
            closeTop(index, stack, base + ++i);
            state = stack.length === 0 ? DONE : AFTER;
          } else throw new Fault(i, isObject ? '"," or "}"' : '"," or "]"');
        } else if (state === KEY || state === FIRST_KEY) {
          if (state === FIRST_KEY && c === 125) {
            closeTop(index, stack, base + ++i);
            state = stack.length === 0 ? DONE : AFTER;
            continue;
          }
          if (c !== 34) throw new Fault(i, 'a key in double quotes');
          const end = scanString(text, i, final);
          if (end === MORE) return i;
          keyStart = base + i;
          keyEnd = base + end;
          i = end;
          state = COLON;
        } else if (state === COLON) {
          if (c !== 58) throw new Fault(i, '":" after the key');
          i++;
          state = VALUE;
        } else if (state === VALUE || state === FIRST_VALUE) {
          if (state === FIRST_VALUE && c === 93) {
            closeTop(index, stack, base + ++i);
            state = stack.length === 0 ? DONE : AFTER;
            continue;
          }
          if (c === 123 || c === 91) {
            const kind = c === 123 ? NodeKind.object : NodeKind.array;
            stack.push(addNode(index, stack, kind, base + i, keyStart, keyEnd));
            keyStart = keyEnd = -1;
            i++;
            state = c === 123 ? FIRST_KEY : FIRST_VALUE;
            continue;
          }
          let end: number;
          let kind: NodeKind;
          if (c === 34) {
            end = scanString(text, i, final);
            kind = NodeKind.string;
          } else if (c === 45 || (c >= 48 && c <= 57)) {
            end = scanNumber(text, i, final);
            kind = NodeKind.number;
          } else {
            end = scanWord(text, i, final);
            kind = c === 110 ? NodeKind.null : NodeKind.boolean;
          }
          if (end === MORE) return i;
          const node = addNode(index, stack, kind, base + i, keyStart, keyEnd);
          keyStart = keyEnd = -1;
          index.valueEnd[node] = base + end;
          index.end[node] = node + 1;
          i = end;
          state = stack.length === 0 ? DONE : AFTER;
        } else {
          throw new Fault(i, 'the end of the text');
        }
      }
    } finally {
      this.#state = state;
      this.#keyStart = keyStart;
      this.#keyEnd = keyEnd;
    }
  }

  #expectedAfter(state: number): string {
    if (state !== AFTER) return expectedAtEnd[state]!;
    const top = this.#stack[this.#stack.length - 1]!;
    return this.#index.kind[top] === NodeKind.object ? '"," or "}"' : '"," or "]"';
  }
}

/** The node table of a whole text. */
export function buildIndex(text: string): JsonIndex {
  const builder = new IndexBuilder(text.length);
  builder.push(text);
  return builder.finish();
}
