import { useCallback, useMemo, useState } from 'react';
import type { JsonIndex } from './model/jsonIndex.ts';
import {
  expandAll,
  expandToDepth,
  toggled,
  visibleRows,
  withAncestorsExpanded,
  type Expansion,
} from './model/visibleRows.ts';

export const INITIAL_DEPTH = 2;

/** Which containers are open, the rows that follows from it, and the selected node. */
export function useTreeState(index: JsonIndex, initialDepth = INITIAL_DEPTH) {
  const [state, setState] = useState(() => ({ index, expanded: expandToDepth(index, initialDepth) }));
  let expanded = state.expanded;
  if (state.index !== index) {
    // The whole document replaced its preview: nodes keep their numbers, so
    // what was opened or closed meanwhile carries over.
    expanded = expandToDepth(index, initialDepth);
    expanded.set(state.expanded.subarray(0, Math.min(state.expanded.length, index.count)));
    setState({ index, expanded });
  }
  const setExpanded = useCallback(
    (update: Expansion | ((e: Expansion) => Expansion)) =>
      setState((s) => ({
        index: s.index,
        expanded: typeof update === 'function' ? update(s.expanded) : update,
      })),
    [],
  );
  const [selected, setSelected] = useState(0);
  const rows = useMemo(() => visibleRows(index, expanded), [index, expanded]);
  const toggle = useCallback((node: number) => setExpanded((e) => toggled(e, node)), []);
  const setOpen = useCallback(
    (node: number, open: boolean) =>
      setExpanded((e) => {
        if ((e[node] === 1) === open) return e;
        return toggled(e, node);
      }),
    [],
  );
  const reveal = useCallback(
    (node: number) => {
      setExpanded((e) => withAncestorsExpanded(index, e, node));
      setSelected(node);
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
    expandAll: () => setExpanded(expandAll(index)),
    collapseAll: () => setExpanded(expandToDepth(index, 0)),
    expandTo: (depth: number) => setExpanded(expandToDepth(index, depth)),
  };
}
export type TreeState = ReturnType<typeof useTreeState>;
