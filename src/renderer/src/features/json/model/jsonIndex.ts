/**
 * A JSON document as a flat table of nodes in document order, built straight
 * from the raw text. Nothing is converted to JavaScript values: a key or a
 * value is read back as the slice of text it came from, so a number past
 * 2^53 (or 1e400), a key named "__proto__" and an escaped key all show
 * exactly as received. Typed arrays keep a 20 MB answer compact and let the
 * worker that builds the table hand it to the window without copying objects.
 * The table is built by IndexBuilder (indexBuilder.ts), a slice of text at a time.
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

export function allocate(capacity: number): JsonIndex {
  const index = { count: 0, kind: new Uint8Array(capacity) } as JsonIndex;
  for (const field of fields) index[field] = new Int32Array(capacity);
  return index;
}

export function grow(index: JsonIndex): void {
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
