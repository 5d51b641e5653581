import { isContainer, type JsonIndex } from './jsonIndex.ts';

/**
 * Which nodes are expanded is one byte per node; the rows on screen are the
 * nodes in document order, skipping the subtree of every collapsed
 * container. Both are plain loops over typed arrays: a million nodes take a
 * few milliseconds.
 */
export type Expansion = Uint8Array;

export function visibleRows(index: JsonIndex, expanded: Expansion): Int32Array {
  const rows = new Int32Array(index.count);
  let n = 0;
  let node = 0;
  while (node < index.count) {
    rows[n++] = node;
    node = isContainer(index, node) && expanded[node] === 0 ? index.end[node]! : node + 1;
  }
  return rows.slice(0, n);
}

/** Containers shallower than `depth` open, the rest closed (0 closes everything). */
export function expandToDepth(index: JsonIndex, depth: number): Expansion {
  const expanded = new Uint8Array(index.count);
  let node = 0;
  while (node < index.count) {
    if (!isContainer(index, node)) node++;
    else if (index.depth[node]! < depth) expanded[node++] = 1;
    // Everything below a closed container is deeper still: skip it.
    else node = index.end[node]!;
  }
  return expanded;
}

export function expandAll(index: JsonIndex): Expansion {
  return expandToDepth(index, Number.POSITIVE_INFINITY);
}

export function toggled(expanded: Expansion, node: number): Expansion {
  const next = expanded.slice();
  next[node] = next[node] === 1 ? 0 : 1;
  return next;
}

/** Opens every container above `node`, so it is on screen. */
export function withAncestorsExpanded(index: JsonIndex, expanded: Expansion, node: number): Expansion {
  const next = expanded.slice();
  for (let p = index.parent[node]!; p >= 0; p = index.parent[p]!) next[p] = 1;
  return next;
}

/** Where a node is among the rows, or -1 when it is hidden. Rows are in document order. */
export function rowOf(rows: Int32Array, node: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = rows[mid]!;
    if (value === node) return mid;
    if (value < node) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Where the rows of a document still being read stop short: the depth of a
 * "reading" row after the last one, or -1 when nothing shown is waiting.
 * The containers still open at the cut (child count -1) are the last node
 * and its ancestors; the row goes under the deepest of them whose chain of
 * containers from the root is open on screen.
 */
export function readingDepth(index: JsonIndex, expanded: Expansion): number {
  if (index.count === 0 || index.childCount[0] !== -1) return -1;
  const open: number[] = [];
  for (let n = index.count - 1; n >= 0; n = index.parent[n]!) if (index.childCount[n] === -1) open.push(n);
  let depth = -1;
  for (let k = open.length - 1; k >= 0 && expanded[open[k]!] === 1; k--) depth = index.depth[open[k]!]! + 1;
  return depth;
}
