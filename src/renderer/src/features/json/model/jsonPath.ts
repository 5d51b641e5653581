import { keyOf, type JsonIndex } from './jsonIndex.ts';

import type { PathSegment } from '../../../../../shared/jsonPathText.ts';

export { jsonPath, jsonPathQuote, type PathSegment } from '../../../../../shared/jsonPathText.ts';

export function pathOf(index: JsonIndex, text: string, node: number): PathSegment[] {
  const segments: PathSegment[] = [];
  for (let n = node; index.parent[n]! >= 0; n = index.parent[n]!) segments.push(keyOf(index, text, n));
  return segments.reverse();
}

const jsIdentifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A path as JavaScript: `data.items[0]["a.b"]`. Bracket form, with the key
 * JSON-quoted, for anything that is not a plain identifier, and for
 * "__proto__", which as `.__proto__` reads as the prototype to anyone
 * pasting it onto an ordinary object.
 */
export function javascriptPath(segments: readonly PathSegment[], root = 'data'): string {
  let out = root;
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (jsIdentifier.test(segment) && segment !== '__proto__') out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
