import { decodeString, isContainer, NodeKind, type JsonIndex } from './jsonIndex.ts';

/**
 * Nodes whose key or value contains `query`, ignoring case, in document
 * order. Keys and string values are compared as the text they stand for
 * (escapes decoded); numbers, booleans and null as written.
 */
export function searchIndex(index: JsonIndex, text: string, query: string): Int32Array {
  const needle = query.toLowerCase();
  const found = new Int32Array(index.count);
  let n = 0;
  if (needle === '') return found.slice(0, 0);
  for (let node = 0; node < index.count; node++) {
    const keyStart = index.keyStart[node]!;
    if (
      keyStart >= 0 &&
      decodeString(text.slice(keyStart, index.keyEnd[node])).toLowerCase().includes(needle)
    ) {
      found[n++] = node;
      continue;
    }
    if (isContainer(index, node)) continue;
    let value = text.slice(index.valueStart[node], index.valueEnd[node]);
    if (index.kind[node] === NodeKind.string) value = decodeString(value);
    if (value.toLowerCase().includes(needle)) found[n++] = node;
  }
  return found.slice(0, n);
}
