import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { call, messageOf } from '../../bridge/call.ts';
import { openCall, showNotice } from '../../stores/callsView.ts';
import { saveCallToFile } from '../../stores/savedCall.ts';
import { copyReport } from './CallActions.tsx';

export type RowMenuAt = { id: string; x: number; y: number };

async function copyReportOf(id: string): Promise<void> {
  try {
    await copyReport(await call('getCall', { id }), 'list');
  } catch (error) {
    showNotice(messageOf(error), { error: true });
  }
}

/**
 * A call row's menu (right click, or the context-menu key on the list):
 * open it, copy its report, save it. Arrows move, Escape or a click
 * elsewhere closes it, and focus goes back to the list.
 */
export function CallRowMenu({ at, onClose }: { at: RowMenuAt; onClose: () => void }) {
  const menu = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: at.x, top: at.y });
  useLayoutEffect(() => {
    // Whole inside the window: a click near its right or bottom edge opens the menu to the left or above.
    const box = menu.current?.getBoundingClientRect();
    if (box === undefined) return;
    const margin = 4;
    setPlace({
      left: Math.max(margin, Math.min(at.x, window.innerWidth - box.width - margin)),
      top: Math.max(margin, at.y + box.height + margin > window.innerHeight ? at.y - box.height : at.y),
    });
  }, [at]);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('mousedown', away);
    return () => window.removeEventListener('mousedown', away);
  }, [at, onClose]);
  const run = (action: () => unknown) => () => {
    onClose();
    void action();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const now = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(now + step + items.length) % items.length]?.focus();
    }
  };
  return (
    <div ref={menu} role="menu" aria-label="Call" className="row-menu" style={place} onKeyDown={onKeyDown}>
      <button type="button" role="menuitem" onClick={run(() => openCall(at.id))}>
        Open
      </button>
      <button type="button" role="menuitem" onClick={run(() => copyReportOf(at.id))}>
        Copy report
      </button>
      <button type="button" role="menuitem" onClick={run(() => saveCallToFile(at.id, 'list'))}>
        Save call…
      </button>
    </div>
  );
}
