import { useEffect, useState } from 'react';
import type { CallDetail, ResponseStart } from '../../../../shared/models/call.ts';
import { call, messageOf } from '../../bridge/call.ts';

export type Detail =
  | { status: 'loading'; start?: ResponseStart & { id: string } }
  | { status: 'ready'; call: CallDetail }
  | { status: 'error'; message: string };

/**
 * A call's arguments and response, fetched when it is shown and again when
 * its state changes (the summary in the store carries the rest, live).
 * Given `startChars`, the response's first characters are asked for first
 * (`start` while loading): main hands them over in a few milliseconds, where
 * the whole of a 20 MB response takes it and IPC a second. The whole is
 * asked for once they are in, so main answers them first.
 */
export function useCallDetail(id: string | null, version: string, startChars?: number): Detail {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    const whole = () =>
      call('getCall', { id })
        .then((c) => live && setDetail({ status: 'ready', call: c }))
        .catch((error: unknown) => live && setDetail({ status: 'error', message: messageOf(error) }));
    if (startChars === undefined) void whole();
    else {
      call('getCallResponseStart', { id, chars: startChars })
        .then((start) => {
          if (!live || start === null) return;
          // A whole detail already in hand (fetched again on a change) stays until its successor comes.
          setDetail((d) =>
            d.status === 'ready' && d.call.id === id ? d : { status: 'loading', start: { ...start, id } },
          );
        })
        // The whole answers for itself: a start that failed only means no early rows.
        .catch(() => undefined)
        .finally(() => live && void whole());
    }
    return () => {
      live = false;
    };
  }, [id, version, startChars]);
  return detail;
}
