import { useCallback, useMemo, useState } from 'react';
import type { JsonDocument } from './useJsonDocument.ts';
import {
  expandAll,
  expandToDepth,
  toggled,
  visibleRows,
  withAncestorsExpanded,
  type Expansion,
} from './model/visibleRows.ts';

export const INITIAL_DEPTH = 2;

/**
 * Which containers are open, the rows that follow from it, and the selected
 * node. It starts from the worker's first rows (doc.initial), so opening a
 * document does no work over all of its nodes here.
 */
export function useTreeState(doc: JsonDocument, initialDepth = INITIAL_DEPTH) {
  const { index, initial } = doc;
  const [state, setState] = useState(() => ({ index, initial, expanded: initial.expanded }));
  let expanded = state.expanded;
  if (state.index !== index) {
    // The whole document replaced its preview. Left as it opened, it opens
    // as the worker laid it out; else nodes keep their numbers, so what was
    // opened or closed meanwhile carries over.
    expanded = initial.expanded;
    if (state.expanded !== state.initial.expanded) {
      expanded = initial.expanded.slice();
      expanded.set(state.expanded.subarray(0, Math.min(state.expanded.length, index.count)));
    }
    setState({ index, initial, expanded });
  }
  const setExpanded = useCallback(
    (update: Expansion | ((e: Expansion) => Expansion)) =>
      setState((s) => ({
        ...s,
        expanded: typeof update === 'function' ? update(s.expanded) : update,
      })),
    [],
  );
  const [selected, setSelected] = useState(0);
  /** How far the tree is open, for the Depth box: a depth, "all", or "custom" once nodes were opened by hand. */
  const [depth, setDepth] = useState<number | 'all' | 'custom'>(initialDepth);
  /** Counts reveals (search): each brings its row into view in the page too, not only in the tree. */
  const [revealed, setRevealed] = useState(0);
  const rows = useMemo(
    () => (expanded === initial.expanded ? initial.rows : visibleRows(index, expanded)),
    [index, initial, expanded],
  );
  const toggle = useCallback((node: number) => {
    setExpanded((e) => toggled(e, node));
    setDepth('custom');
  }, []);
  const setOpen = useCallback((node: number, open: boolean) => {
    setExpanded((e) => ((e[node] === 1) === open ? e : toggled(e, node)));
    setDepth('custom');
  }, []);
  const reveal = useCallback(
    (node: number) => {
      setExpanded((e) => withAncestorsExpanded(index, e, node));
      setSelected(node);
      setDepth('custom');
      setRevealed((n) => n + 1);
    },
    [index],
  );
  return {
    expanded,
    rows,
    selected,
    select: setSelected,
    toggle,
    setOpen,
    reveal,
    depth,
    revealed,
    expandAll: () => {
      setExpanded(expandAll(index));
      setDepth('all');
    },
    collapseAll: () => {
      setExpanded(expandToDepth(index, 0));
      setDepth(0);
    },
    expandTo: (to: number) => {
      setExpanded(expandToDepth(index, to));
      setDepth(to);
    },
  };
}
export type TreeState = ReturnType<typeof useTreeState>;
