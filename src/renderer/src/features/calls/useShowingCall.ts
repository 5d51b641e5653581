import { useEffect } from 'react';
import { call } from '../../bridge/call.ts';

/** How often the window says again which call it shows: main's word lapses after a minute. */
const RENEW_MS = 20_000;

/**
 * Tells main which call the window shows, so that no prune of the history
 * (in the app or a command) removes it while it is read: said when shown,
 * again every RENEW_MS while the window can be seen, at once when it can be
 * seen again, and taken back when the call is no longer shown.
 */
export function useShowingCall(id: string): void {
  useEffect(() => {
    // A hint: a failure to say it changes nothing the person sees.
    const say = (shown: string | null) => void call('showingCall', { id: shown }).catch(() => undefined);
    const renew = () => {
      if (document.visibilityState === 'visible') say(id);
    };
    say(id);
    const timer = setInterval(renew, RENEW_MS);
    document.addEventListener('visibilitychange', renew);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', renew);
      say(null);
    };
  }, [id]);
}
