import { IndexBuilder } from './indexBuilder.ts';
import type { JsonIndex } from './jsonIndex.ts';
import { expandToDepth, visibleRows, type Expansion } from './visibleRows.ts';

/**
 * How much of a document the window reads itself before its worker has the
 * whole: more rows than a screen shows at the usual depths, and little work
 * for code that runs cold (not yet compiled) when a page opens: 64 KB took
 * 10-25 ms in Chromium's first run of it, 16 KB a quarter of that.
 */
export const FIRST_LOOK_CHARS = 16 * 1024;

export type FirstLook =
  | { index: JsonIndex; initial: { expanded: Expansion; rows: Int32Array }; partial: boolean }
  | { failed: string };

/**
 * The start of `text` as a node table with `depth` levels open: the whole of
 * a short text, or the first nodes of a long one (partial; its containers
 * still open at the cut have a child count of -1). A fault within the start
 * is a fault of the whole, reported at once.
 */
export function firstLook(text: string, depth: number, chars = FIRST_LOOK_CHARS): FirstLook {
  const partial = text.length > chars;
  const builder = new IndexBuilder(Math.min(text.length, chars));
  builder.push(partial ? text.slice(0, chars) : text);
  let index: JsonIndex;
  try {
    index = partial && !builder.failed ? builder.snapshot() : builder.finish();
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  const expanded = expandToDepth(index, depth);
  return { index, initial: { expanded, rows: visibleRows(index, expanded) }, partial };
}
