import { IndexBuilder } from '../model/indexBuilder.ts';
import { copyIndex, type JsonIndex } from '../model/jsonIndex.ts';
import { prettyText } from '../model/prettyText.ts';
import { searchIndex } from '../model/search.ts';
import { expandToDepth, visibleRows } from '../model/visibleRows.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

// Indexing, searching and re-indenting a 20 MB answer take hundreds of
// milliseconds; here they never hold up typing or scrolling in the window.
const scope = globalThis as unknown as {
  postMessage: (message: WorkerResponse, transfer?: Transferable[]) => void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

let builder = new IndexBuilder();
let text = '';
let index: JsonIndex | undefined;
let pretty: { text: string; lineStarts: Int32Array } | undefined;
/** Searches and the pretty text asked for before the whole text is indexed wait here. */
let waiting: WorkerRequest[] = [];

function buffersOf(...parts: object[]): Transferable[] {
  return parts.flatMap((part) =>
    Object.values(part).flatMap((v) => (ArrayBuffer.isView(v) ? [v.buffer as ArrayBuffer] : [])),
  );
}

/** Each slice is indexed as it comes, so the whole is ready soon after the last one. */
function open(last: string, depth: number): void {
  builder.push(last);
  try {
    index = builder.finish();
  } catch (error) {
    index = undefined;
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  text = builder.text();
  // The worker keeps its own table for searching; the window gets a copy it owns.
  const copy = copyIndex(index);
  const expanded = expandToDepth(index, depth);
  const first = { expanded, rows: visibleRows(index, expanded) };
  scope.postMessage({ type: 'opened', index: copy, ...first }, buffersOf(copy, first));
  for (const request of waiting.splice(0)) answer(request);
}

function answer(request: WorkerRequest): void {
  if (!index && (request.type === 'search' || request.type === 'pretty')) {
    waiting.push(request);
    return;
  }
  switch (request.type) {
    case 'start':
      builder = new IndexBuilder(request.length);
      index = undefined;
      pretty = undefined;
      waiting = [];
      return;
    case 'chunk':
      builder.push(request.text);
      return;
    case 'open':
      open(request.text, request.depth);
      return;
    case 'search': {
      const matches = index ? searchIndex(index, text, request.query) : new Int32Array(0);
      scope.postMessage({ type: 'found', id: request.id, matches }, [matches.buffer]);
      return;
    }
    case 'pretty': {
      if (!index) return;
      pretty ??= prettyText(index, text);
      scope.postMessage({ type: 'pretty', text: pretty.text, lineStarts: pretty.lineStarts.slice() });
      return;
    }
  }
}

scope.onmessage = ({ data }) => answer(data);
