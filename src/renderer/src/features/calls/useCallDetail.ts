import { useEffect, useState } from 'react';
import type { CallDetail } from '../../../../shared/models/call.ts';
import { call, messageOf } from '../../bridge/call.ts';

export type Detail =
  { status: 'loading' } | { status: 'ready'; call: CallDetail } | { status: 'error'; message: string };

/**
 * A call's arguments and response, fetched when it is shown and again when
 * its state changes (the summary in the store carries the rest, live).
 */
export function useCallDetail(id: string | null, version: string): Detail {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    call('getCall', { id })
      .then((c) => live && setDetail({ status: 'ready', call: c }))
      .catch((error: unknown) => live && setDetail({ status: 'error', message: messageOf(error) }));
    return () => {
      live = false;
    };
  }, [id, version]);
  return detail;
}
