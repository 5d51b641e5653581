import { useEffect, useState } from 'react';
import type { JsonIndex } from './model/jsonIndex.ts';
import type { InitialRows, WorkerRequest, WorkerResponse } from './worker/protocol.ts';
import { postInSlices } from './worker/slices.ts';

/** A parsed document: its exact text, its node table, and the worker that searches it. */
export type JsonDocument = {
  text: string;
  index: JsonIndex;
  /** The rows to show first, at the depth asked for. */
  initial: InitialRows;
  /** Only the start of the document is indexed yet; the whole follows. */
  partial: boolean;
  search: (query: string) => Promise<Int32Array>;
  pretty: () => Promise<{ text: string; lineStarts: Int32Array }>;
};

export type DocumentState =
  { status: 'parsing' } | { status: 'failed'; message: string } | { status: 'ready'; doc: JsonDocument };

/**
 * The window's side of one worker: searches and the pretty text as promises.
 * One channel serves the preview's document and the whole one alike.
 */
function workerChannel(worker: Worker) {
  let nextId = 0;
  const searches = new Map<number, (m: Int32Array) => void>();
  let pretty: Promise<{ text: string; lineStarts: Int32Array }> | undefined;
  let prettyDone: ((p: { text: string; lineStarts: Int32Array }) => void) | undefined;
  return {
    receive(data: WorkerResponse): void {
      if (data.type === 'found') {
        searches.get(data.id)?.(data.matches);
        searches.delete(data.id);
      } else if (data.type === 'pretty') {
        prettyDone?.({ text: data.text, lineStarts: data.lineStarts });
      }
    },
    search: (query: string) =>
      new Promise<Int32Array>((resolve) => {
        const id = nextId++;
        searches.set(id, resolve);
        worker.postMessage({ type: 'search', id, query } satisfies WorkerRequest);
      }),
    pretty: () => {
      pretty ??= new Promise((resolve) => {
        prettyDone = resolve;
        worker.postMessage({ type: 'pretty' } satisfies WorkerRequest);
      });
      return pretty;
    },
  };
}

/**
 * Parses `source` (JSON text) in a worker of its own, ended when the text
 * changes or the view goes; `depth` levels start open.
 */
export function useJsonDocument(source: string, depth: number): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'parsing' });
  useEffect(() => {
    setState({ status: 'parsing' });
    const worker = new Worker(new URL('./worker/jsonWorker.ts', import.meta.url), { type: 'module' });
    const channel = workerChannel(worker);
    worker.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
      if (data.type === 'failed') setState({ status: 'failed', message: data.message });
      else if (data.type === 'opened' || data.type === 'preview') {
        const partial = data.type === 'preview';
        const { search, pretty } = channel;
        const initial = { expanded: data.expanded, rows: data.rows };
        setState({
          status: 'ready',
          doc: { text: source, index: data.index, initial, partial, search, pretty },
        });
      } else channel.receive(data);
    };
    worker.onerror = (event) =>
      setState({ status: 'failed', message: `The JSON viewer stopped: ${event.message}` });
    let stopped = false;
    void postInSlices(
      source,
      (slice, last) =>
        worker.postMessage(
          (last
            ? { type: 'open', text: slice, depth }
            : { type: 'chunk', text: slice }) satisfies WorkerRequest,
        ),
      () => stopped,
    );
    return () => {
      stopped = true;
      worker.terminate();
    };
  }, [source, depth]);
  return state;
}
