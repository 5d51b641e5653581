import { useEffect, useState } from 'react';
import type { JsonIndex } from './model/jsonIndex.ts';
import type { WorkerRequest, WorkerResponse } from './worker/protocol.ts';

/** A parsed document: its exact text, its node table, and the worker that searches it. */
export type JsonDocument = {
  text: string;
  index: JsonIndex;
  /** Only the start of the document is indexed yet; the whole follows. */
  partial: boolean;
  search: (query: string) => Promise<Int32Array>;
  pretty: () => Promise<{ text: string; lineStarts: Int32Array }>;
};

export type JsonSource = { text: string } | { value: unknown };

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

const SLICE = 1 << 20;

/**
 * Copying 20 MB of text into a worker in one message holds the window for
 * ~50 ms; a megabyte per task keeps each step short.
 */
async function postInSlices(worker: Worker, text: string, stopped: () => boolean): Promise<void> {
  let at = 0;
  for (; at + SLICE < text.length; at += SLICE) {
    worker.postMessage({ type: 'chunk', text: text.slice(at, at + SLICE) } satisfies WorkerRequest);
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (stopped()) return;
  }
  worker.postMessage({ type: 'open', text: text.slice(at) } satisfies WorkerRequest);
}

/** Parses `source` in a worker of its own, ended when the source changes or the view goes. */
export function useJsonDocument(source: JsonSource): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'parsing' });
  const key = 'text' in source ? source.text : source.value;
  useEffect(() => {
    setState({ status: 'parsing' });
    let text = 'text' in source ? source.text : '';
    const worker = new Worker(new URL('./worker/jsonWorker.ts', import.meta.url), { type: 'module' });
    const channel = workerChannel(worker);
    worker.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
      if (data.type === 'failed') setState({ status: 'failed', message: data.message });
      else if (data.type === 'opened' || data.type === 'preview') {
        if (data.text !== undefined) text = data.text;
        const partial = data.type === 'preview';
        const { search, pretty } = channel;
        setState({ status: 'ready', doc: { text, index: data.index, partial, search, pretty } });
      } else channel.receive(data);
    };
    worker.onerror = (event) =>
      setState({ status: 'failed', message: `The JSON viewer stopped: ${event.message}` });
    let stopped = false;
    if ('text' in source) void postInSlices(worker, source.text, () => stopped);
    else worker.postMessage({ type: 'openValue', value: source.value } satisfies WorkerRequest);
    return () => {
      stopped = true;
      worker.terminate();
    };
    // Keyed on the source's content, not on the wrapper object around it.
  }, [key]);
  return state;
}
