import { useEffect, useRef, useState } from 'react';
import { postInSlices } from '../../json/worker/slices.ts';
import type { PartDiff } from '../../../../../shared/models/runDiff.ts';
import type { DiffPart, DiffRequest, DiffResponse, DiffSide } from './protocol.ts';

export type DiffState =
  | { status: 'comparing' }
  | { status: 'ready'; args: PartDiff; response: PartDiff }
  | { status: 'failed'; message: string };

/** The four texts a comparison reads, each undefined while it is still being fetched. */
export type DiffTexts = Record<`${DiffPart}.${DiffSide}`, string | undefined>;

/**
 * Two runs compared, arguments and response, in a worker of their own,
 * started with the comparison (`key`: which two runs) and ended when it
 * changes or the view goes. Each text goes to the worker the moment it is
 * in hand, so fetching one side and handing over the other overlap.
 */
export function useRunDiff(key: string, texts: DiffTexts): DiffState {
  const [state, setState] = useState<DiffState>({ status: 'comparing' });
  const worker = useRef<{ post: (part: DiffPart, side: DiffSide, text: string) => void } | null>(null);
  useEffect(() => {
    setState({ status: 'comparing' });
    const running = new Worker(new URL('./diffWorker.ts', import.meta.url), { type: 'module' });
    let stopped = false;
    running.onmessage = ({ data }: MessageEvent<DiffResponse>) => {
      setState(
        data.type === 'diff'
          ? { status: 'ready', args: data.args, response: data.response }
          : { status: 'failed', message: data.message },
      );
      running.terminate();
    };
    running.onerror = (event) =>
      setState({ status: 'failed', message: `The comparison stopped: ${event.message}` });
    // One text at a time, in the order they came, so their slices never interleave.
    let queue = Promise.resolve();
    worker.current = {
      post: (part, side, text) => {
        queue = queue.then(() =>
          postInSlices(
            text,
            (slice, last) =>
              running.postMessage({ type: 'slice', part, side, text: slice, last } satisfies DiffRequest),
            () => stopped,
          ),
        );
      },
    };
    return () => {
      stopped = true;
      worker.current = null;
      running.terminate();
    };
  }, [key]);
  useText(key, worker, 'args', 'before', texts['args.before']);
  useText(key, worker, 'args', 'after', texts['args.after']);
  useText(key, worker, 'response', 'before', texts['response.before']);
  useText(key, worker, 'response', 'after', texts['response.after']);
  return state;
}

/** Hands one text to the comparison once it is in hand (and again for a new comparison). */
function useText(
  key: string,
  worker: { current: { post: (part: DiffPart, side: DiffSide, text: string) => void } | null },
  part: DiffPart,
  side: DiffSide,
  text: string | undefined,
): void {
  useEffect(() => {
    if (text !== undefined) worker.current?.post(part, side, text);
  }, [key, worker, part, side, text]);
}
