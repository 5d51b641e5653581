import { buildIndex, buildPreview, copyIndex, type JsonIndex } from '../model/jsonIndex.ts';
import { prettyText } from '../model/prettyText.ts';
import { searchIndex } from '../model/search.ts';
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

function buffersOf(copy: JsonIndex): Transferable[] {
  return Object.values(copy).flatMap((v) => (ArrayBuffer.isView(v) ? [v.buffer as ArrayBuffer] : []));
}

/** Documents past this size show their start first: reading all of 20 MB takes about a second. */
const PREVIEW_FROM = 512 * 1024;
const PREVIEW_CHARS = 64 * 1024;

function open(source: string): void {
  text = source;
  pretty = undefined;
  if (text.length > PREVIEW_FROM) {
    const preview = buildPreview(text, PREVIEW_CHARS);
    scope.postMessage({ type: 'preview', index: preview }, buffersOf(preview));
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
  scope.postMessage({ type: 'opened', index: copy }, buffersOf(copy));
}

let chunks: string[] = [];

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'chunk':
      chunks.push(data.text);
      return;
    case 'open':
      open(chunks.join('') + data.text);
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
