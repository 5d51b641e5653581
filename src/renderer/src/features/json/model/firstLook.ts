import { IndexBuilder } from './indexBuilder.ts';
import type { JsonIndex } from './jsonIndex.ts';
import { FIRST_LOOK_CHARS } from './firstLookSize.ts';
import { expandToDepth, visibleRows, type Expansion } from './visibleRows.ts';

export { FIRST_LOOK_CHARS };

/** It reads that much a step at a time and stops once more would add no row to the first screen. */
export const FIRST_LOOK_STEP = 4 * 1024;
/** More rows than a tall window shows. */
export const FIRST_LOOK_ROWS = 64;

export type FirstLook =
  | { index: JsonIndex; initial: { expanded: Expansion; rows: Int32Array }; partial: boolean }
  | { failed: string };

/**
 * The start of `text` as a node table with `depth` levels open: the whole of
 * a short text, or the first nodes of a long one (partial; its containers
 * still open at the cut have a child count of -1). A long one is read
 * `step` characters at a time up to `chars`, and no further once its rows
 * fill a screen or the cut lies inside a closed container (what follows
 * there adds no row until that container ends, often megabytes later). A
 * fault within what was read is a fault of the whole, reported at once.
 * `cut`: the text is only the document's start (the rest still on its way),
 * so it is read as a long one's start however short it is.
 */
export function firstLook(
  text: string,
  depth: number,
  chars = FIRST_LOOK_CHARS,
  step = FIRST_LOOK_STEP,
  cut = false,
): FirstLook {
  const end = Math.min(text.length, chars);
  const builder = new IndexBuilder(end);
  if (!cut && text.length <= chars) {
    builder.push(text);
    return looked(builder, depth, false);
  }
  for (let read = 0; ;) {
    const next = Math.min(end, read + step);
    builder.push(text.slice(read, next));
    read = next;
    if (builder.failed || read >= end) return looked(builder, depth, true);
    const look = looked(builder, depth, true);
    if ('failed' in look || look.initial.rows.length >= FIRST_LOOK_ROWS) return look;
    if (cutInsideClosed(look.index, look.initial.expanded)) return look;
  }
}

function looked(builder: IndexBuilder, depth: number, partial: boolean): FirstLook {
  let index: JsonIndex;
  try {
    index = partial && !builder.failed ? builder.snapshot() : builder.finish();
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  const expanded = expandToDepth(index, depth);
  return { index, initial: { expanded, rows: visibleRows(index, expanded) }, partial };
}

/** Whether a container still being read (child count -1) is shown closed. */
function cutInsideClosed(index: JsonIndex, expanded: Expansion): boolean {
  for (let node = 0; node < index.count; node++) {
    if (index.childCount[node] === -1 && expanded[node] !== 1) return true;
  }
  return false;
}
