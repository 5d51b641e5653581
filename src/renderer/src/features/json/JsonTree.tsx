import { useEffect, useRef, type KeyboardEvent } from 'react';
import { isContainer } from './model/jsonIndex.ts';
import { readingDepth, rowOf } from './model/visibleRows.ts';
import { JsonRow } from './JsonRow.tsx';
import type { JsonDocument } from './useJsonDocument.ts';
import type { TreeState } from './useTreeState.ts';
import { useRowWindow } from './useRowWindow.ts';

export const ROW_HEIGHT = 22;

type Props = { doc: JsonDocument; tree: TreeState; isMatch: Uint8Array; label: string };

/** Only the rows in view are in the DOM, however many the document has. */
export function JsonTree({ doc, tree, isMatch, label }: Props) {
  const { index, text } = doc;
  const { rows, expanded, selected } = tree;
  const scroller = useRef<HTMLDivElement>(null);
  // A document still being read ends in a row saying so, never a guessed one.
  const reading = doc.partial ? readingDepth(index, expanded) : -1;
  const view = useRowWindow(scroller, rows.length + (reading >= 0 ? 1 : 0), ROW_HEIGHT);
  const { scrollTo } = view;

  const selectedRow = rowOf(rows, selected);
  useEffect(() => {
    if (selectedRow >= 0) scrollTo(selectedRow);
  }, [selectedRow, scrollTo]);
  useEffect(() => {
    // A search match: the viewer may sit below the fold of the call detail. The tree has
    // scrolled the row into its own view above; the page scrolls as little as needed to
    // show the tree, and so the row.
    if (tree.revealed > 0) scroller.current?.scrollIntoView({ block: 'nearest' });
  }, [tree.revealed]);
  const drawn: number[] = [];
  for (let i = view.first; i < view.end; i++) drawn.push(i);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = Math.max(0, selectedRow);
    const container = isContainer(index, selected);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const moves: Record<string, () => void> = {
      ArrowDown: () => tree.select(rows[Math.min(rows.length - 1, at + 1)]!),
      ArrowUp: () => tree.select(rows[Math.max(0, at - 1)]!),
      PageDown: () => tree.select(rows[Math.min(rows.length - 1, at + page)]!),
      PageUp: () => tree.select(rows[Math.max(0, at - page)]!),
      Home: () => tree.select(rows[0]!),
      End: () => tree.select(rows[rows.length - 1]!),
      ArrowRight: () => container && tree.setOpen(selected, true),
      ArrowLeft: () =>
        container && expanded[selected] === 1
          ? tree.setOpen(selected, false)
          : index.parent[selected]! >= 0 && tree.select(index.parent[selected]!),
      Enter: () => container && tree.toggle(selected),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  return (
    <div
      ref={scroller}
      className="json-tree"
      role="tree"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={selectedRow >= 0 ? `json-node-${selected}` : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: view.totalPx, position: 'relative' }}>
        {drawn.map((i) => {
          if (i === rows.length) {
            return (
              <div
                key="reading"
                role="treeitem"
                aria-level={reading + 1}
                aria-busy="true"
                aria-selected={false}
                className="json-row json-reading"
                style={{ transform: `translateY(${view.topOf(i)}px)`, paddingLeft: `${reading * 16 + 4}px` }}
              >
                <span className="json-toggle" aria-hidden="true" />
                reading the rest…
              </div>
            );
          }
          const node = rows[i]!;
          return (
            <JsonRow
              key={node}
              index={index}
              text={text}
              node={node}
              open={expanded[node] === 1}
              selected={node === selected}
              match={isMatch[node] === 1}
              top={view.topOf(i)}
              onSelect={tree.select}
              onToggle={tree.toggle}
            />
          );
        })}
      </div>
    </div>
  );
}
