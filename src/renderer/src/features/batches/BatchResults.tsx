import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cellText, type RowResult } from '../../../../shared/models/batch.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { NO_PICKS, useBatches } from '../../stores/batches.ts';
import { runTimeText } from './batchText.ts';
import { ColumnPicker } from './ColumnPicker.tsx';

const ROW_HEIGHT = 30;
/** The header row, kept in view at the top of the scrolled table. */
const HEAD_HEIGHT = 28;
/** Rows asked of main at once; the table shows only those in view (and a few around). */
const PAGE = 200;
/** Widths of the row, call, state and run time columns (em). */
const FIXED_EM = [3.5, 6, 6.5, 5.5];
/** A picked column is as wide as its path (in the small monospace of the head), within bounds (em). */
const pickEm = (path: string): number => Math.min(16, Math.max(6, Math.ceil(path.length * 0.5) + 1));

type Props = {
  batchId: string;
  total: number;
  /** Changes whenever the batch's rows may have changed (a progress event): the pages in view are asked again. */
  version: number;
  /** A row with a call was clicked, or Enter pressed on it. */
  onOpen: (row: RowResult) => void;
};

/** Why a row has no call to open. */
const noCallText = (row: RowResult): string =>
  `Row ${row.row} made no call${row.state === 'pending' ? ': it was not sent yet' : ''}.`;

/**
 * A batch's results, row → call, state, run time and the columns picked, in
 * a table that renders only the rows in view (as the calls list does), asked
 * of main a page at a time. A row opens its call (click, or arrows then Enter).
 */
export function BatchResults({ batchId, total, version, onOpen }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const picks = useBatches((s) => s.picksOf[batchId] ?? NO_PICKS);
  const [pages, setPages] = useState<Map<number, RowResult[]>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The rows start below the header row, which also covers the top of the view.
    scrollMargin: HEAD_HEIGHT,
    scrollPaddingStart: HEAD_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const firstPage = Math.floor(first / PAGE);
  const lastPage = Math.floor(last / PAGE);

  useEffect(() => {
    let live = true;
    const pick = [...picks];
    for (let page = firstPage; page <= lastPage; page++) {
      call('listBatchRows', { id: batchId, from: page * PAGE + 1, limit: PAGE, pick })
        .then((rows) => {
          if (live) setPages((now) => new Map(now).set(page, rows));
        })
        .catch((e: unknown) => {
          if (live) setError(messageOf(e));
        });
    }
    return () => {
      live = false;
    };
  }, [batchId, firstPage, lastPage, version, picks]);

  const rowAt = (index: number): RowResult | undefined => pages.get(Math.floor(index / PAGE))?.[index % PAGE];
  const open = (index: number) => {
    setActive(index);
    const row = rowAt(index);
    if (row === undefined) return;
    if (row.call === null) setNote(noCallText(row));
    else onOpen(row);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in step || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const to =
        event.key === 'Home' ? 0 : event.key === 'End' ? total - 1 : Math.max(0, active) + step[event.key]!;
      const next = Math.min(total - 1, Math.max(0, to));
      setActive(next);
      setNote(null);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      open(active);
    }
  };
  const widths = [...FIXED_EM, ...picks.map(pickEm)];
  const columns = widths.map((w) => `${w}em`).join(' ');
  // Wide enough for every column and the gaps between: the head and the rows scroll sideways together.
  const width = { minWidth: `${widths.reduce((a, b) => a + b + 0.5, 1)}em` };

  return (
    <section className="batch-results" aria-label="Results">
      <div className="batch-results-head">
        <p className="muted small" role="status">
          {note ?? 'Click a row, or move to it with the arrows and press Enter, to open its call.'}
        </p>
        <ColumnPicker batchId={batchId} picks={picks} />
      </div>
      {error !== null && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div
        ref={scroller}
        className="batch-table"
        role="grid"
        aria-label="Rows and their calls"
        aria-rowcount={total + 1}
        aria-activedescendant={
          active >= 0 && items.some((i) => i.index === active) ? `${batchId}-row-${active + 1}` : undefined
        }
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          // The table's first row is the active one until the arrows move it.
          if (active < 0 && total > 0) setActive(0);
        }}
      >
        <div
          className="batch-table-head"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: columns, height: HEAD_HEIGHT, ...width }}
        >
          {['Row', 'Call', 'State', 'Run time'].map((name) => (
            <span key={name} role="columnheader">
              {name}
            </span>
          ))}
          {picks.map((p) => (
            <span key={p} role="columnheader" className="mono" title={p}>
              {visibleText(p)}
            </span>
          ))}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', ...width }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            const opens = row !== undefined && row.call !== null;
            return (
              <div
                key={item.key}
                id={`${batchId}-row-${item.index + 1}`}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={item.index === active}
                aria-disabled={row !== undefined && !opens ? true : undefined}
                data-row={item.index + 1}
                className={`batch-row${opens ? ' batch-row-opens' : ''}${item.index === active ? ' active' : ''}`}
                style={{
                  transform: `translateY(${item.start - HEAD_HEIGHT}px)`,
                  height: ROW_HEIGHT,
                  gridTemplateColumns: columns,
                }}
                title={row === undefined ? undefined : opens ? `Open call ${row.call}` : noCallText(row)}
                onClick={() => open(item.index)}
              >
                <span role="gridcell">{item.index + 1}</span>
                <span role="gridcell" className={row?.call === null ? 'muted' : 'mono'}>
                  {row === undefined ? '' : (row.call?.slice(0, 8) ?? 'no call')}
                </span>
                <span
                  role="gridcell"
                  className={row === undefined ? 'muted' : `batch-state state-${row.state}`}
                >
                  {row?.state ?? '…'}
                </span>
                <span role="gridcell">{runTimeText(row?.runMs ?? null)}</span>
                {picks.map((p) => {
                  const text = visibleText(cellText(row?.picked[p]));
                  return (
                    <span key={p} role="gridcell" className="batch-cell" title={text}>
                      {text}
                    </span>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
