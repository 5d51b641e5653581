import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { selectCall, useUi } from '../../stores/ui.ts';
import { openCall } from '../../stores/callsView.ts';
import { CallRow } from './CallRow.tsx';
import { CallRowMenu, type RowMenuAt } from './CallRowMenu.tsx';

const ROW_HEIGHT = 52;
const LIST_ID = 'calls-list';
const estimateSize = () => ROW_HEIGHT;

/** Focus the list (its selected row is the active one), e.g. when the call detail closes. */
export function focusCallsList(): void {
  document.getElementById(LIST_ID)?.focus();
}

/** Calls newest first; only those in view are drawn. Arrows move, Enter opens. */
export function CallsList({ ids }: { ids: readonly string[] }) {
  const selected = useUi((s) => s.selectedCallId);
  const scroller = useRef<HTMLDivElement>(null);
  // Stable while no call joins: a new getItemKey makes the virtualizer lay out
  // every row again (an object per call), on each of ten change batches a second.
  const getItemKey = useCallback((i: number) => ids[i]!, [ids]);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: 8,
    getItemKey,
  });
  const at = selected === null ? -1 : ids.indexOf(selected);
  useEffect(() => {
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [at, virtualizer]);

  const [menu, setMenu] = useState<RowMenuAt | null>(null);
  const closeMenu = useCallback(() => {
    setMenu(null);
    focusCallsList();
  }, []);
  // Stable, as showMenu: a row is drawn again only when its own call changes, not on every batch of changes.
  const pick = useCallback((id: string, open: boolean) => {
    selectCall(id);
    if (open) openCall(id);
  }, []);
  const showMenu = useCallback((id: string, x: number, y: number) => {
    selectCall(id);
    setMenu({ id, x, y });
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in step) {
      event.preventDefault();
      const next = Math.min(ids.length - 1, Math.max(0, at + step[event.key]!));
      if (ids[next] !== undefined) selectCall(ids[next]);
    } else if (event.key === 'Enter' && selected !== null && at >= 0) {
      event.preventDefault();
      openCall(selected);
    } else if (
      (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) &&
      selected !== null
    ) {
      event.preventDefault();
      const box = document.getElementById(`call-row-${selected}`)?.getBoundingClientRect();
      if (box !== undefined) showMenu(selected, box.left + 24, box.bottom);
    }
  };

  return (
    <>
      <div
        ref={scroller}
        id={LIST_ID}
        className="calls-list"
        role="listbox"
        aria-label="Calls, newest first"
        tabIndex={0}
        aria-activedescendant={at >= 0 ? `call-row-${selected}` : undefined}
        onKeyDown={onKeyDown}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <CallRow
              key={item.key as string}
              id={ids[item.index]!}
              top={item.start}
              selected={ids[item.index] === selected}
              onPick={pick}
              onMenu={showMenu}
            />
          ))}
        </div>
      </div>
      {menu !== null && <CallRowMenu at={menu} onClose={closeMenu} />}
    </>
  );
}
