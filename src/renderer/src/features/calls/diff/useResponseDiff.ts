import { useEffect, useState } from 'react';
import { postInSlices } from '../../json/worker/slices.ts';
import type { DiffLine } from '../../../../../shared/responseDiff.ts';
import type { DiffRequest, DiffResponse, DiffSide } from './protocol.ts';

export type DiffState =
  | { status: 'comparing' }
  | { status: 'ready'; lines: DiffLine[]; truncated: boolean }
  | { status: 'failed'; message: string };

/**
 * Two responses (JSON text) compared in a worker of their own, started once
 * both are in hand (`before` undefined: still being fetched) and ended when
 * either changes or the view goes.
 */
export function useResponseDiff(before: string | undefined, after: string): DiffState {
  const [state, setState] = useState<DiffState>({ status: 'comparing' });
  useEffect(() => {
    setState({ status: 'comparing' });
    if (before === undefined) return;
    const worker = new Worker(new URL('./diffWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<DiffResponse>) => {
      setState(
        data.type === 'diff'
          ? { status: 'ready', lines: data.lines, truncated: data.truncated }
          : { status: 'failed', message: data.message },
      );
      worker.terminate();
    };
    worker.onerror = (event) =>
      setState({ status: 'failed', message: `The comparison stopped: ${event.message}` });
    let stopped = false;
    const send = (side: DiffSide, text: string) =>
      postInSlices(
        text,
        (slice, last) => worker.postMessage({ type: 'slice', side, text: slice, last } satisfies DiffRequest),
        () => stopped,
      );
    void send('before', before).then(() => send('after', after));
    return () => {
      stopped = true;
      worker.terminate();
    };
  }, [before, after]);
  return state;
}
