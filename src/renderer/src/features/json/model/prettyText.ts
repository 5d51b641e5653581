import { isContainer, NodeKind, type JsonIndex } from './jsonIndex.ts';

/**
 * The document re-indented by two spaces, built from the index so every key,
 * string and number keeps the exact characters it arrived with. Line starts
 * come along so a raw view can show any line without splitting the text.
 */
export function prettyText(index: JsonIndex, text: string): { text: string; lineStarts: Int32Array } {
  const lines: string[] = [];
  const open: number[] = [];
  const closeUntil = (node: number): void => {
    while (open.length > 0 && index.end[open[open.length - 1]!]! <= node) {
      const done = open.pop()!;
      lines.push(
        '  '.repeat(index.depth[done]!) + (index.kind[done] === NodeKind.object ? '}' : ']') + comma(done),
      );
    }
  };
  const comma = (node: number): string => {
    const parent = index.parent[node]!;
    return parent >= 0 && index.position[node]! < index.childCount[parent]! - 1 ? ',' : '';
  };
  for (let node = 0; node < index.count; node++) {
    closeUntil(node);
    const keyStart = index.keyStart[node]!;
    let line = '  '.repeat(index.depth[node]!);
    if (keyStart >= 0) line += text.slice(keyStart, index.keyEnd[node]) + ': ';
    if (isContainer(index, node)) {
      const isObject = index.kind[node] === NodeKind.object;
      if (index.childCount[node] === 0) {
        lines.push(line + (isObject ? '{}' : '[]') + comma(node));
      } else {
        lines.push(line + (isObject ? '{' : '['));
        open.push(node);
      }
    } else {
      lines.push(line + text.slice(index.valueStart[node], index.valueEnd[node]) + comma(node));
    }
  }
  closeUntil(index.count);
  const lineStarts = new Int32Array(lines.length);
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    lineStarts[i] = at;
    at += lines[i]!.length + 1;
  }
  return { text: lines.join('\n'), lineStarts };
}
