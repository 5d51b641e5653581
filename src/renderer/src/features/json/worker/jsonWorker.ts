import { buildIndex, buildPreview, copyIndex, type JsonIndex } from '../model/jsonIndex.ts';
import { prettyText } from '../model/prettyText.ts';
import { searchIndex } from '../model/search.ts';
import { expandToDepth, visibleRows } from '../model/visibleRows.ts';
import type { WorkerRequest, WorkerResponse } from './protocol.ts';

// Parsing, searching and re-indenting a 20 MB answer take hundreds of
// milliseconds; here they never hold up typing or scrolling in the window.
const scope = globalThis as unknown as {
  postMessage: (message: WorkerResponse, transfer?: Transferable[]) => void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

let text = '';
let index: JsonIndex | undefined;
let pretty: { text: string; lineStarts: Int32Array } | undefined;

function buffersOf(...parts: object[]): Transferable[] {
  return parts.flatMap((part) =>
    Object.values(part).flatMap((v) => (ArrayBuffer.isView(v) ? [v.buffer as ArrayBuffer] : [])),
  );
}

/** The first rows of `index` with containers shallower than `depth` open. */
function initialRows(index: JsonIndex, depth: number) {
  const expanded = expandToDepth(index, depth);
  return { expanded, rows: visibleRows(index, expanded) };
}

/** Documents past this size show their start first: reading all of 20 MB takes about a second. */
const PREVIEW_FROM = 512 * 1024;
const PREVIEW_CHARS = 64 * 1024;

function open(source: string, depth: number): void {
  text = source;
  pretty = undefined;
  if (text.length > PREVIEW_FROM) {
    const preview = buildPreview(text, PREVIEW_CHARS);
    const first = initialRows(preview, depth);
    scope.postMessage({ type: 'preview', index: preview, ...first }, buffersOf(preview, first));
  }
  try {
    index = buildIndex(text);
  } catch (error) {
    index = undefined;
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  // The worker keeps its own table for searching; the window gets a copy it owns.
  const copy = copyIndex(index);
  const first = initialRows(index, depth);
  scope.postMessage({ type: 'opened', index: copy, ...first }, buffersOf(copy, first));
}

let chunks: string[] = [];

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'chunk':
      chunks.push(data.text);
      return;
    case 'open':
      open(chunks.join('') + data.text, data.depth);
      chunks = [];
      return;
    case 'search': {
      const matches = index ? searchIndex(index, text, data.query) : new Int32Array(0);
      scope.postMessage({ type: 'found', id: data.id, matches }, [matches.buffer]);
      return;
    }
    case 'pretty': {
      if (!index) return;
      pretty ??= prettyText(index, text);
      scope.postMessage({ type: 'pretty', text: pretty.text, lineStarts: pretty.lineStarts.slice() });
      return;
    }
  }
};
