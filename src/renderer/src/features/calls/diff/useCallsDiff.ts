import { useEffect, useState } from 'react';
import { call, messageOf } from '../../../bridge/call.ts';
import type { DiffState } from './useRunDiff.ts';

/**
 * Two calls of this desk compared in main, where both texts already are
 * (diffCalls): the window receives the lines, never the earlier run's
 * response. Asked once `ask` says so, and again when either call or
 * `version` (the later call's state) changes.
 */
export function useCallsDiff(before: string, after: string, version: string, ask: boolean): DiffState {
  const [state, setState] = useState<DiffState>({ status: 'comparing' });
  useEffect(() => {
    setState({ status: 'comparing' });
    if (!ask) return;
    let live = true;
    call('diffCalls', { before, after })
      .then((diff) => live && setState({ status: 'ready', args: diff.args, response: diff.response }))
      .catch((error: unknown) => live && setState({ status: 'failed', message: messageOf(error) }));
    return () => {
      live = false;
    };
  }, [before, after, version, ask]);
  return state;
}
