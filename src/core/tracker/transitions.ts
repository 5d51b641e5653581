import type { Call, CallError, CallState } from '../../shared/models/call.ts';
import type { AppError } from '../errors.ts';

const TIMELINE_LIMIT = 24;

/** A copy of `call` moved to `state`, with the change noted in its timeline. */
export function moveTo(
  call: Call,
  state: CallState,
  at: number,
  note?: string,
  patch: Partial<Call> = {},
): Call {
  const entry = note === undefined ? { at, state } : { at, state, note };
  let timeline = [...call.timeline, entry];
  // Keep the first entry (when it was created) and the most recent ones.
  if (timeline.length > TIMELINE_LIMIT) timeline = [timeline[0]!, ...timeline.slice(-(TIMELINE_LIMIT - 1))];
  const finished = state !== 'sending' && state !== 'waiting';
  return {
    ...call,
    ...patch,
    state,
    timeline,
    nextPollAt: finished ? null : (patch.nextPollAt ?? call.nextPollAt),
    finishedAt: finished ? at : null,
  };
}

/** The error to store on a call; a repeat of the same kind and status counts up. */
export function recordError(previous: CallError | null, error: AppError, at: number): CallError {
  const same = previous !== null && previous.kind === error.kind && previous.status === error.status;
  const base = { kind: error.kind, message: error.message, count: same ? previous.count + 1 : 1, at };
  return error.status === undefined ? base : { ...base, status: error.status };
}

/** Which trigger failures land in which state (see CallState). */
export function stateForTriggerFailure(error: AppError): CallState {
  if (error.kind === 'http') return 'rejected';
  return error.maybeDelivered ? 'unknown' : 'unreachable';
}

/**
 * Query failures that leave the call waiting: the next poll may succeed. A
 * locked keychain or a file we could not read for a moment counts too; what
 * the user must fix first (a refused token, an invalid robot) does not.
 */
export function isTransientQueryFailure(error: AppError): boolean {
  if (error.permanent) return false;
  if (['network', 'timeout', 'protocol', 'keychain', 'internal'].includes(error.kind)) return true;
  if (error.kind === 'http' && error.status !== undefined) {
    return error.status === 429 || error.status === 408 || error.status >= 500;
  }
  return false;
}

/** DONE is final even without an object response, but people should know. */
export function doneWarning(hasResponse: boolean, response: unknown): string | null {
  if (!hasResponse) return 'The service said DONE but sent no response object.';
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    const what = response === null ? 'null' : Array.isArray(response) ? 'a list' : `a ${typeof response}`;
    return `The service said DONE but its response is ${what}, not an object.`;
  }
  return null;
}
