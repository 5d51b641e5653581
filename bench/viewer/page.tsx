/**
 * One benchmark run in Chromium: ?viewer=ours|lite|uiw|parse&doc=NAME&marker=KEY[&settle=MS][&open=1].
 * With open=1 every viewer starts fully expanded; otherwise collapsed below depth 1.
 * Shows the viewer without its document (as the window does while a
 * response is on its way), fetches the document, then times from "text in
 * hand" to the first frame that shows the marker key, and records the
 * longest task from then until `settle` ms after (a second by default). `parse` is the floor: only
 * JSON.parse of the same text, on the main thread, nothing drawn. Each library gets the document the way it needs it: the
 * libraries a parsed object (so JSON.parse is part of their time), ours the
 * text (parsed in its worker).
 */
import JsonView from '@uiw/react-json-view';
import { createRoot } from 'react-dom/client';
import { JsonView as LiteView, allExpanded, collapseAllNested } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import JsonViewer from '../../src/renderer/src/features/json/JsonViewer.tsx';

type Result = { firstRowsMs: number | null; longestTaskMs: number; error?: string };
const bench = globalThis as unknown as { __benchResult?: Result };

const params = new URLSearchParams(location.search);
const viewer = params.get('viewer') ?? 'ours';
const marker = params.get('marker') ?? '';
const settleMs = Number(params.get('settle') ?? 1000);
const open = params.get('open') === '1';
const tasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({
  type: 'longtask',
  buffered: true,
});

const text = await (await fetch(`./${params.get('doc')}`)).text();
const root = document.getElementById('root')!;
const app = createRoot(root);
// Each viewer is on screen before the text is in hand, as the window shows
// ours while a call's response is on its way: ours waiting for its text, each
// library with an empty document. The floor draws nothing.
if (viewer === 'ours') app.render(<JsonViewer text={undefined} />);
else if (viewer === 'lite') app.render(<LiteView data={{}} shouldExpandNode={collapseAllNested} />);
else if (viewer === 'uiw') app.render(<JsonView value={{}} collapsed={1} />);
// Start in a task of its own, so fetching and decoding the text (the same for
// every viewer) and that first render are not counted as the viewer's.
await new Promise((resolve) => setTimeout(resolve, 100));
const started = performance.now();

function render(): void {
  if (viewer === 'ours') {
    app.render(<JsonViewer text={text} initialDepth={open ? Number.MAX_SAFE_INTEGER : 1} />);
    return;
  }
  const value: unknown = JSON.parse(text);
  if (viewer === 'lite') {
    app.render(<LiteView data={value as object} shouldExpandNode={open ? allExpanded : collapseAllNested} />);
  } else {
    // @uiw's `collapsed={n}` opens the levels down to n (a boolean opens all or none): the deepest is all.
    app.render(<JsonView value={value as object} collapsed={open ? Number.MAX_SAFE_INTEGER : 1} />);
  }
}

function finish(firstRowsMs: number | null): void {
  setTimeout(() => {
    const longest = tasks
      // The task that runs this timer starts just before `started`; nothing else ran in the 100 ms before it.
      .filter((t) => t.startTime >= started - 50)
      .reduce((max, t) => Math.max(max, t.duration), 0);
    bench.__benchResult = { firstRowsMs, longestTaskMs: Math.round(longest) };
  }, settleMs);
}

function watch(): void {
  if (root.textContent?.includes(marker)) finish(Math.round(performance.now() - started));
  else requestAnimationFrame(watch);
}

try {
  if (viewer === 'parse') {
    JSON.parse(text);
    finish(performance.now() - started);
  } else {
    render();
    requestAnimationFrame(watch);
  }
} catch (error) {
  bench.__benchResult = { firstRowsMs: null, longestTaskMs: 0, error: String(error) };
}
