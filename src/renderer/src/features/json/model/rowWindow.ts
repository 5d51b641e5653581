/**
 * Which rows of a fixed-height list are in view, for lists of millions of
 * rows: O(1) per scroll, no per-row bookkeeping (a general virtualizer keeps
 * a measurement per row, which costs hundreds of milliseconds at a million).
 * Browsers cap an element's height (~33.5 million px in Chromium), so past
 * MAX_SCROLL_PX the scrollbar maps proportionally onto the rows.
 */
export const MAX_SCROLL_PX = 8_000_000;

export type RowWindow = {
  /** Height of the scrolled content. */
  totalPx: number;
  first: number;
  /** One past the last row to draw. */
  end: number;
  /** Where row `i` goes inside the content. */
  topOf: (i: number) => number;
};

function scale(count: number, rowPx: number, viewPx: number) {
  const virtualPx = count * rowPx;
  const totalPx = Math.min(virtualPx, MAX_SCROLL_PX);
  const ratio = totalPx <= viewPx ? 1 : Math.max(1, (virtualPx - viewPx) / (totalPx - viewPx));
  return { totalPx, ratio };
}

export function rowWindow(
  count: number,
  rowPx: number,
  viewPx: number,
  scrollTop: number,
  overscan = 8,
): RowWindow {
  const { totalPx, ratio } = scale(count, rowPx, viewPx);
  const virtualTop = scrollTop * ratio;
  const first = Math.max(0, Math.floor(virtualTop / rowPx) - overscan);
  const end = Math.min(count, Math.ceil((virtualTop + viewPx) / rowPx) + overscan);
  return { totalPx, first, end, topOf: (i) => scrollTop + i * rowPx - virtualTop };
}

/** The scrollTop that brings row `i` into view with the least movement, or null if it is in view. */
export function scrollTopFor(
  i: number,
  count: number,
  rowPx: number,
  viewPx: number,
  scrollTop: number,
): number | null {
  const { ratio } = scale(count, rowPx, viewPx);
  const virtualTop = scrollTop * ratio;
  const rowTop = i * rowPx;
  if (rowTop < virtualTop) return rowTop / ratio;
  if (rowTop + rowPx > virtualTop + viewPx) return (rowTop + rowPx - viewPx) / ratio;
  return null;
}

/** 1234567 → "1,234,567" (Intl's first call costs tens of milliseconds). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
