import type { CallError, CallState } from '../models/call.ts';
import { shownStatus } from './statusText.ts';

/** The parts of a call its outcome sentence reads; a Call and a CallSummary both fit. */
export type OutcomeFields = {
  state: CallState;
  rawStatus: string | null;
  warning: string | null;
  error: CallError | null;
  timeline: ReadonlyArray<{ note?: string | undefined }>;
};

/**
 * A call's outcome in plain words, for the window, the tray, notifications
 * and the CLI alike: what happened and, when it did not end done, why. The
 * error messages it quotes already say what to do next.
 */
export function callOutcome(call: OutcomeFields): string {
  const note = call.timeline.at(-1)?.note;
  switch (call.state) {
    case 'sending':
      return 'Sending the trigger.';
    case 'waiting':
      if (call.error !== null) {
        const times = call.error.count > 1 ? `the last ${call.error.count} polls` : 'the last poll';
        return `Running, but Robot Tray cannot check on it: ${times} failed. ${call.error.message} Robot Tray keeps trying.`;
      }
      return 'Running; Robot Tray is watching for its result.';
    case 'done':
      return call.warning === null ? 'Done.' : `Done. ${call.warning}`;
    case 'rejected':
      // The error's own message names the HTTP status and the next step; it is said once.
      return call.error?.message ?? 'The service rejected the trigger; it gave no reason.';
    case 'unreachable':
      return call.error?.message ?? 'The trigger did not reach the service.';
    case 'unknown':
      return call.error?.message ?? note ?? 'The trigger may or may not have reached the service.';
    case 'expired':
      return 'Expired: the service no longer knows this run, so its result cannot be read.';
    case 'failed':
      return `Failed: the service reported the run as "${shownStatus(call.rawStatus ?? 'FAILED')}".${call.error === null ? '' : ` ${call.error.message}`}`;
    case 'unexpected':
      return `Ended with a status Robot Tray does not know ("${shownStatus(call.rawStatus ?? '?')}").${call.error === null ? '' : ` ${call.error.message}`}`;
    case 'stopped':
      return `Stopped: ${note ?? 'watching stopped.'}`;
  }
}

/** A short word for a state, for menus and lists ("Done", "Waiting"). */
export function stateLabel(state: CallState): string {
  return state === 'unexpected' ? 'Unexpected status' : state[0]!.toUpperCase() + state.slice(1);
}
