import type { CallState } from '../../shared/models/call.ts';

/**
 * How final a state is: 0 while Robot Tray is still sending or watching, 1
 * for an end Robot Tray decided on its own (it stopped watching, the service
 * forgot the call, an answer it could not use), 2 for the service's own word
 * on the run (a response, a refusal). A higher rank is never replaced by a
 * lower one written by a process that had not seen it.
 */
export function finality(state: CallState): 0 | 1 | 2 {
  switch (state) {
    case 'sending':
    case 'waiting':
      return 0;
    case 'done':
    case 'rejected':
      return 2;
    default:
      return 1;
  }
}

/**
 * Whether a write of `mine` goes in over the stored record. A writer that saw
 * the stored version writes (a resume moves a stopped call back to waiting on
 * purpose). One that did not loses to a more final state, beats a less final
 * one, and among equals only the lease holder updates a call still being
 * watched; the first final state stays (two processes that both saw the end).
 *
 * One exception: an `unknown` with no webhookCallId (another process judged
 * the sender gone while its trigger was out) gives way to a write that
 * carries one (`mineAccepted`). The service accepting the trigger is the
 * truer record, and without its webhookCallId the run could never be followed.
 */
export function writeWins(w: {
  mine: CallState;
  stored: CallState;
  sawStoredVersion: boolean;
  holdsLease: boolean;
  mineAccepted: boolean;
  storedAccepted: boolean;
}): boolean {
  if (w.sawStoredVersion) return true;
  if (w.stored === 'unknown' && !w.storedAccepted && w.mineAccepted) return true;
  const mine = finality(w.mine);
  const stored = finality(w.stored);
  if (mine !== stored) return mine > stored;
  return mine === 0 && w.holdsLease;
}
