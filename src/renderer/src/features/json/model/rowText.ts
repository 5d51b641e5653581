import { isContainer, NodeKind, type JsonIndex } from './jsonIndex.ts';
import { groupThousands } from './rowWindow.ts';

export const SHORT_STRING = 200;

const typeNames = ['object', 'array', 'string', 'number', 'boolean', 'null'] as const;

export function typeName(index: JsonIndex, node: number): string {
  return typeNames[index.kind[node]!]!;
}

/** A string's length in characters as decoded, counting escapes once; read only within the token. */
export function stringLength(index: JsonIndex, text: string, node: number): number {
  const start = index.valueStart[node]! + 1;
  const end = index.valueEnd[node]! - 1;
  let length = 0;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 92) i += text.charCodeAt(i + 1) === 117 ? 5 : 1;
    length++;
  }
  return length;
}

/** The key as written between its quotes, or the array index; null for the root. */
export function keyLabel(index: JsonIndex, text: string, node: number): string | null {
  if (index.parent[node]! < 0) return null;
  const start = index.keyStart[node]!;
  return start < 0 ? String(index.position[node]) : text.slice(start + 1, index.keyEnd[node]! - 1);
}

/** What a row shows as its value: a short form of the value exactly as written. */
export function valuePreview(index: JsonIndex, text: string, node: number): { text: string; cut: boolean } {
  if (isContainer(index, node)) {
    const open = index.kind[node] === NodeKind.object ? '{' : '[';
    const close = open === '{' ? '}' : ']';
    return { text: index.childCount[node] === 0 ? open + close : `${open}…${close}`, cut: false };
  }
  const start = index.valueStart[node]!;
  const end = index.valueEnd[node]!;
  if (end - start <= SHORT_STRING + 2) return { text: text.slice(start, end), cut: false };
  return { text: text.slice(start, start + SHORT_STRING + 1) + '…', cut: true };
}

/** The count or size a row shows after its value. */
export function sizeLabel(index: JsonIndex, text: string, node: number): string {
  const kind = index.kind[node];
  const n = index.childCount[node]!;
  if (n < 0) return 'reading…';
  if (kind === NodeKind.object) return `${groupThousands(n)} ${n === 1 ? 'key' : 'keys'}`;
  if (kind === NodeKind.array) return `${groupThousands(n)} ${n === 1 ? 'item' : 'items'}`;
  if (kind === NodeKind.string) {
    const length = stringLength(index, text, node);
    return `${groupThousands(length)} ${length === 1 ? 'char' : 'chars'}`;
  }
  return '';
}
