import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { JsonDocument } from './useJsonDocument.ts';

const LINE_HEIGHT = 20;
const LONG_LINE = 2000;

/** The pretty-printed text (built in the worker), one virtual line at a time. */
export function RawView({ doc }: { doc: JsonDocument }) {
  const [pretty, setPretty] = useState<{ text: string; lineStarts: Int32Array }>();
  useEffect(() => {
    let live = true;
    void doc.pretty().then((p) => live && setPretty(p));
    return () => {
      live = false;
    };
  }, [doc]);
  const scroller = useRef<HTMLDivElement>(null);
  const lines = pretty?.lineStarts;
  const virtualizer = useVirtualizer({
    count: lines?.length ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
  });
  if (!pretty || !lines) return <p className="json-status">Formatting…</p>;
  const lineText = (i: number) => {
    const end = i + 1 < lines.length ? lines[i + 1]! - 1 : pretty.text.length;
    // A 5 MB string is one line: lay out its start only (copy all has the rest).
    return end - lines[i]! > LONG_LINE
      ? pretty.text.slice(lines[i], lines[i]! + LONG_LINE) + ' …'
      : pretty.text.slice(lines[i], end);
  };
  return (
    <div ref={scroller} className="json-raw" tabIndex={0} role="region" aria-label="Formatted JSON text">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <pre
            key={item.index}
            className="json-raw-line"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {lineText(item.index)}
          </pre>
        ))}
      </div>
    </div>
  );
}
