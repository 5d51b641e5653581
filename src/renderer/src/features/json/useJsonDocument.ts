import { useEffect, useMemo, useRef, useState } from 'react';
import { firstLook } from './model/firstLook.ts';
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
  /** Only the start of the text itself is in hand (`text`); the whole is on its way. */
  textPending: boolean;
  /** The whole document's size (characters, or bytes while only its start is in hand). */
  size: number;
  search: (query: string) => Promise<Int32Array>;
  pretty: () => Promise<{ text: string; lineStarts: Int32Array }>;
};

export type DocumentState =
  { status: 'parsing' } | { status: 'failed'; message: string } | { status: 'ready'; doc: JsonDocument };

type Pretty = { text: string; lineStarts: Int32Array };

/**
 * The window's side of one worker: searches and the pretty text as promises.
 * One channel serves the first look and the whole document alike.
 */
function workerChannel(worker: Worker) {
  let nextId = 0;
  const searches = new Map<number, (m: Int32Array) => void>();
  let pretty: Promise<Pretty> | undefined;
  let prettyDone: ((p: Pretty) => void) | undefined;
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
type Channel = ReturnType<typeof workerChannel>;

/** How long to wait for a frame before starting anyway (a window that draws none, being hidden). */
const FRAME_WAIT_MS = 100;

/**
 * Runs `work` once: in a task of its own just after the next frame is drawn,
 * after FRAME_WAIT_MS if no frame comes, or at once when `now` is called
 * first. `cancel` stops it.
 */
function afterNextFrame(work: () => void): { now: () => void; cancel: () => void } {
  let done = false;
  const now = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    work();
  };
  const fallback = setTimeout(now, FRAME_WAIT_MS);
  const frame = requestAnimationFrame(() => setTimeout(now, 0));
  return {
    now,
    cancel: () => {
      done = true;
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
    },
  };
}

/** Only the start of a document's text, with the whole's size: the whole is on its way. */
export type TextStart = { text: string; bytes: number };

/**
 * Parses `source` (JSON text): its start at once, here (a bounded slice, well
 * under a millisecond), so the first rows show without waiting for a worker
 * to start or the text to reach it; the whole in a worker of its own, ended
 * when the text changes or the view goes. `depth` levels start open. Given
 * only the text's start (`source` a TextStart), it shows that start's rows
 * and starts no worker: the whole text, when it comes, takes its place.
 */
export function useJsonDocument(source: string | TextStart, depth: number): DocumentState {
  const text = typeof source === 'string' ? source : source.text;
  const size = typeof source === 'string' ? source.length : source.bytes;
  const textPending = typeof source !== 'string';
  const channel = useRef<Channel | undefined>(undefined);
  /** Starts the worker now if it is still waiting for the first frame (a search or the raw view asked first). */
  const startNow = useRef<() => void>(() => undefined);
  const open = () => {
    startNow.current();
    return channel.current;
  };
  const look = useMemo((): DocumentState => {
    const seen = firstLook(text, depth, undefined, undefined, textPending);
    if ('failed' in seen) return { status: 'failed', message: seen.failed };
    const search = (query: string) => open()?.search(query) ?? Promise.resolve(new Int32Array(0));
    const pretty = () => open()?.pretty() ?? new Promise<Pretty>(() => {});
    return { status: 'ready', doc: { text, ...seen, textPending, size, search, pretty } };
  }, [text, depth, textPending, size]);
  const [whole, setWhole] = useState<{ source: string; depth: number; state: DocumentState }>();
  const complete = look.status !== 'ready' || !look.doc.partial;

  useEffect(() => {
    if (textPending) return;
    const source = text;
    let stopped = false;
    let worker: Worker | undefined;
    let own: Channel | undefined;
    const settle = (state: DocumentState) => setWhole({ source, depth, state });
    const start = () => {
      const started = new Worker(new URL('./worker/jsonWorker.ts', import.meta.url), { type: 'module' });
      const channelOf = workerChannel(started);
      worker = started;
      own = channelOf;
      channel.current = channelOf;
      started.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
        // A document small enough to read here whole is shown as read; its worker only searches.
        if (complete && (data.type === 'failed' || data.type === 'opened')) return;
        if (data.type === 'failed') settle({ status: 'failed', message: data.message });
        else if (data.type === 'opened') {
          const initial = { expanded: data.expanded, rows: data.rows };
          const { search, pretty } = channelOf;
          settle({
            status: 'ready',
            doc: {
              text: source,
              index: data.index,
              initial,
              partial: false,
              textPending: false,
              size: source.length,
              search,
              pretty,
            },
          });
        } else channelOf.receive(data);
      };
      started.onerror = (event) =>
        settle({ status: 'failed', message: `The JSON viewer stopped: ${event.message}` });
      started.postMessage({ type: 'start', length: source.length } satisfies WorkerRequest);
      void postInSlices(
        source,
        (slice, last) =>
          started.postMessage(
            (last
              ? { type: 'open', text: slice, depth }
              : { type: 'chunk', text: slice }) satisfies WorkerRequest,
          ),
        () => stopped,
      );
    };
    // Started once the first rows are drawn: the worker's start and the text's copy to it
    // would otherwise come before that frame.
    const later = afterNextFrame(start);
    startNow.current = later.now;
    return () => {
      stopped = true;
      later.cancel();
      worker?.terminate();
      if (own !== undefined && channel.current === own) channel.current = undefined;
    };
  }, [text, textPending, depth, complete]);

  return !textPending && whole && whole.source === text && whole.depth === depth ? whole.state : look;
}
