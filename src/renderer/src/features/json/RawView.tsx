import { useEffect, useRef, useState } from 'react';
import type { JsonDocument } from './useJsonDocument.ts';
import { useRowWindow } from './useRowWindow.ts';

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
  const view = useRowWindow(scroller, lines?.length ?? 0, LINE_HEIGHT);
  const lineText = (i: number) => {
    if (!pretty || !lines) return '';
    const end = i + 1 < lines.length ? lines[i + 1]! - 1 : pretty.text.length;
    // A 5 MB string is one line: lay out its start only (copy all has the rest).
    return end - lines[i]! > LONG_LINE
      ? pretty.text.slice(lines[i], lines[i]! + LONG_LINE) + ' …'
      : pretty.text.slice(lines[i], end);
  };
  const drawn = Array.from({ length: view.end - view.first }, (_, k) => view.first + k);
  return (
    <div ref={scroller} className="json-raw" tabIndex={0} role="region" aria-label="Formatted JSON text">
      {!pretty && <p className="json-status">Formatting…</p>}
      <div style={{ height: view.totalPx, position: 'relative' }}>
        {drawn.map((i) => (
          <pre key={i} className="json-raw-line" style={{ transform: `translateY(${view.topOf(i)}px)` }}>
            {lineText(i)}
          </pre>
        ))}
      </div>
    </div>
  );
}
