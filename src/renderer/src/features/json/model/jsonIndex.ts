/**
 * A JSON document as a flat table of nodes in document order, built straight
 * from the raw text. Nothing is converted to JavaScript values: a key or a
 * value is read back as the slice of text it came from, so a number past
 * 2^53 (or 1e400), a key named "__proto__" and an escaped key all show
 * exactly as received. Typed arrays keep a 20 MB answer compact and let the
 * worker that builds the table hand it to the window without copying objects.
 * Parsing is a loop with its own stack, so a deeply nested answer cannot
 * overflow the call stack.
 */
export const NodeKind = {
  object: 0,
  array: 1,
  string: 2,
  number: 3,
  boolean: 4,
  null: 5,
} as const;
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

export type JsonIndex = {
  count: number;
  kind: Uint8Array;
  depth: Int32Array;
  parent: Int32Array;
  /** One past the last node of this node's subtree (nodes are in document order). */
  end: Int32Array;
  childCount: Int32Array;
  /** Position in the parent (array index, or n-th key). */
  position: Int32Array;
  /** The key as written, quotes included; -1 when the node is not an object member. */
  keyStart: Int32Array;
  keyEnd: Int32Array;
  valueStart: Int32Array;
  valueEnd: Int32Array;
};

export class JsonSyntaxError extends Error {
  readonly position: number;
  constructor(text: string, position: number, expected: string) {
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = position - before.lastIndexOf('\n');
    const found =
      position >= text.length ? 'the end of the text' : JSON.stringify(text.slice(position, position + 12));
    super(`Not valid JSON at line ${line}, column ${column}: expected ${expected}, found ${found}.`);
    this.position = position;
  }
}

const fields = [
  'depth',
  'parent',
  'end',
  'childCount',
  'position',
  'keyStart',
  'keyEnd',
  'valueStart',
  'valueEnd',
] as const;

function allocate(capacity: number): JsonIndex {
  const index = { count: 0, kind: new Uint8Array(capacity) } as JsonIndex;
  for (const field of fields) index[field] = new Int32Array(capacity);
  return index;
}

function grow(index: JsonIndex): void {
  const capacity = index.kind.length * 2;
  const kind = new Uint8Array(capacity);
  kind.set(index.kind);
  index.kind = kind;
  for (const field of fields) {
    const next = new Int32Array(capacity);
    next.set(index[field]);
    index[field] = next;
  }
}

/** A copy cut to the used length (so transferring it moves no spare capacity). */
export function copyIndex(index: JsonIndex): JsonIndex {
  const out = { count: index.count, kind: index.kind.slice(0, index.count) } as JsonIndex;
  for (const field of fields) out[field] = index[field].slice(0, index.count);
  return out;
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** Returns the position just after the closing quote of the string starting at `start`. */
function scanString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (Number.isNaN(c)) throw new JsonSyntaxError(text, i, 'a closing quote');
    if (c < 0x20) throw new JsonSyntaxError(text, i, 'no raw control character inside a string');
    if (c === 92) {
      const e = text.charCodeAt(i + 1);
      if (e === 117) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          throw new JsonSyntaxError(text, i, 'a \\uXXXX escape');
        i += 6;
        continue;
      }
      // " \ / b f n r t
      if (e !== 34 && e !== 92 && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) {
        throw new JsonSyntaxError(text, i, 'a valid escape');
      }
      i += 2;
      continue;
    }
    i++;
  }
}

export function buildIndex(text: string): JsonIndex {
  return parse(text, Number.POSITIVE_INFINITY);
}

/**
 * The nodes of the first `chars` characters or so, so a window can show the
 * start of a 20 MB document while the rest is read. Containers still open at
 * the cut have a child count of -1 (not known yet); node numbers are those
 * the whole document will have. Text that is not JSON gives what came before
 * the fault (the whole parse reports it).
 */
export function buildPreview(text: string, chars: number): JsonIndex {
  try {
    return parse(text, chars);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return allocate(0);
    throw error;
  }
}

function snapshot(index: JsonIndex, stack: readonly number[], at: number): JsonIndex {
  for (const open of stack) {
    index.end[open] = index.count;
    index.valueEnd[open] = at;
    index.childCount[open] = -1;
  }
  return copyIndex(index);
}

function parse(text: string, stopAt: number): JsonIndex {
  const index = allocate(Math.max(16, Math.min(1 << 20, Math.min(stopAt, text.length) >> 4)));
  const stack: number[] = [];
  let keyStart = -1;
  let keyEnd = -1;
  let i = skipSpace(text, 0);

  const readKey = (): void => {
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== 34) throw new JsonSyntaxError(text, i, 'a key in double quotes');
    keyStart = i;
    i = keyEnd = scanString(text, i);
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== 58) throw new JsonSyntaxError(text, i, '":" after the key');
    i++;
  };

  for (;;) {
    // A value starts at i.
    i = skipSpace(text, i);
    if (index.count === index.kind.length) grow(index);
    const node = index.count++;
    const parent = stack.length === 0 ? -1 : stack[stack.length - 1]!;
    index.parent[node] = parent;
    index.depth[node] = stack.length;
    if (parent === -1) index.position[node] = 0;
    else index.position[node] = index.childCount[parent]!++;
    index.keyStart[node] = keyStart;
    index.keyEnd[node] = keyEnd;
    index.valueStart[node] = i;
    keyStart = keyEnd = -1;
    const c = text.charCodeAt(i);
    let opened = false;
    if (c === 123 || c === 91) {
      index.kind[node] = c === 123 ? NodeKind.object : NodeKind.array;
      stack.push(node);
      i = skipSpace(text, i + 1);
      const next = text.charCodeAt(i);
      if (next !== (c === 123 ? 125 : 93)) {
        if (c === 123) readKey();
        opened = true;
      }
    } else if (c === 34) {
      index.kind[node] = NodeKind.string;
      i = scanString(text, i);
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      numberPattern.lastIndex = i;
      if (!numberPattern.test(text)) throw new JsonSyntaxError(text, i, 'a number');
      index.kind[node] = NodeKind.number;
      i = numberPattern.lastIndex;
    } else if (text.startsWith('true', i) || text.startsWith('false', i)) {
      index.kind[node] = NodeKind.boolean;
      i += c === 116 ? 4 : 5;
    } else if (text.startsWith('null', i)) {
      index.kind[node] = NodeKind.null;
      i += 4;
    } else {
      throw new JsonSyntaxError(text, i, 'a value');
    }
    if (opened) continue;
    index.valueEnd[node] = i;
    index.end[node] = node + 1;
    if (i >= stopAt) return snapshot(index, stack, i);
    // After a value: close containers, or find the comma before the next one.
    for (;;) {
      i = skipSpace(text, i);
      if (stack.length === 0) {
        if (i !== text.length) throw new JsonSyntaxError(text, i, 'the end of the text');
        return copyIndex(index);
      }
      const top = stack[stack.length - 1]!;
      const ch = text.charCodeAt(i);
      if (ch === 44) {
        i++;
        if (index.kind[top] === NodeKind.object) readKey();
        break;
      }
      if (ch === (index.kind[top] === NodeKind.object ? 125 : 93)) {
        i++;
        index.valueEnd[top] = i;
        index.end[top] = index.count;
        stack.pop();
        continue;
      }
      throw new JsonSyntaxError(text, i, index.kind[top] === NodeKind.object ? '"," or "}"' : '"," or "]"');
    }
  }
}

/** A string token (quotes included) as the text it stands for. */
export function decodeString(token: string): string {
  return token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
}

export function keyOf(index: JsonIndex, text: string, node: number): string | number {
  const start = index.keyStart[node]!;
  if (start < 0) return index.position[node]!;
  return decodeString(text.slice(start, index.keyEnd[node]));
}

/** The value's own text: a string decoded, anything else exactly as written. */
export function valueOf(index: JsonIndex, text: string, node: number): string {
  const raw = text.slice(index.valueStart[node], index.valueEnd[node]);
  return index.kind[node] === NodeKind.string ? decodeString(raw) : raw;
}

export function isContainer(index: JsonIndex, node: number): boolean {
  return index.kind[node]! <= NodeKind.array;
}
