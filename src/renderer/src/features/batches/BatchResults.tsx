import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { RowResult } from '../../../../shared/models/batch.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { runTimeText } from './batchText.ts';

const ROW_HEIGHT = 30;
/** Rows asked of main at once; the table shows only those in view (and a few around). */
const PAGE = 200;

type Props = {
  batchId: string;
  total: number;
  /** Changes whenever the batch's rows may have changed (a progress event): the pages in view are asked again. */
  version: number;
};

/**
 * A batch's results, row → call, state and run time, in a table that
 * renders only the rows in view (as the calls list does), asked of main a
 * page at a time.
 */
export function BatchResults({ batchId, total, version }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<Map<number, RowResult[]>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const firstPage = Math.floor(first / PAGE);
  const lastPage = Math.floor(last / PAGE);

  useEffect(() => {
    let live = true;
    for (let page = firstPage; page <= lastPage; page++) {
      call('listBatchRows', { id: batchId, from: page * PAGE + 1, limit: PAGE })
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
  }, [batchId, firstPage, lastPage, version]);

  const rowAt = (index: number): RowResult | undefined => pages.get(Math.floor(index / PAGE))?.[index % PAGE];
  return (
    <section className="batch-results" aria-label="Results">
      {error !== null && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="batch-table-head" role="presentation">
        <span>Row</span>
        <span>Call</span>
        <span>State</span>
        <span>Run time</span>
      </div>
      <div
        ref={scroller}
        className="batch-table"
        role="table"
        aria-label="Rows and their calls"
        aria-rowcount={total}
        tabIndex={0}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 1}
                className="batch-row"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                <span role="cell">{item.index + 1}</span>
                <span role="cell" className="mono" title={row?.call ?? undefined}>
                  {row?.call?.slice(0, 8) ?? ''}
                </span>
                <span role="cell" className={row === undefined ? 'muted' : `batch-state state-${row.state}`}>
                  {row?.state ?? '…'}
                </span>
                <span role="cell">{runTimeText(row?.runMs ?? null)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
