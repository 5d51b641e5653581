import type { Call, CallError, CallState } from '../../shared/models/call.ts';
import { MAX_JSON_DEPTH } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';
import type { QueryResult } from '../http/webhookClient.ts';
import { serviceMessage } from '../http/answerText.ts';
import { isFailureStatus, keptStatus, shownStatus } from '../../shared/sentences/statusText.ts';

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
  const withStatus = error.status === undefined ? base : { ...base, status: error.status };
  return error.retryAfterMs === undefined ? withStatus : { ...withStatus, retryAfterMs: error.retryAfterMs };
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
  if (['network', 'timeout', 'protocol', 'keychain', 'storage', 'busy', 'internal'].includes(error.kind)) {
    return true;
  }
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

/**
 * What one poll led to: a final (or stopped) call, or the same call polled
 * again later (after `retryAfterMs` when the service asked for a pause).
 */
export type PollOutcome =
  { call: Call; pollAgain: false } | { call: Call; pollAgain: true; retryAfterMs?: number };

/** The query answered: DONE, WAITING, or a status the spec does not name. */
export function afterAnswer(call: Call, result: QueryResult, at: number): PollOutcome {
  const polled: Call = { ...call, lastPolledAt: at, pollCount: call.pollCount + 1, error: null };
  if (result.status === 'DONE') {
    const patch: Partial<Call> = {
      warning: result.tooDeep
        ? `The service said DONE, but its response nests deeper than ${MAX_JSON_DEPTH} levels, Robot Tray's limit, so it was not kept.`
        : doneWarning(result.hasResponse, result.response),
    };
    if (result.response !== undefined) patch.response = result.response;
    if (result.responseText !== undefined) patch.responseText = result.responseText;
    return { call: moveTo(polled, 'done', at, undefined, patch), pollAgain: false };
  }
  if (result.status === 'WAITING') {
    if (at >= (polled.watchUntil ?? Number.POSITIVE_INFINITY)) {
      const note = 'The watch deadline passed while the robot was still WAITING.';
      return { call: moveTo(polled, 'stopped', at, note), pollAgain: false };
    }
    return { call: polled, pollAgain: true };
  }
  // Statuses other than WAITING and DONE are undocumented (spec section 3);
  // we stop polling and keep the raw status and body for people to read. A
  // status that plainly says the run failed is a failed run to a person.
  const failed = isFailureStatus(result.status);
  const note = `The service answered status "${shownStatus(result.status)}".`;
  const said = serviceMessage(result.body);
  const patch: Partial<Call> = { rawStatus: keptStatus(result.status), response: result.body };
  if (result.bodyText !== undefined) patch.responseText = result.bodyText;
  // A failed run usually says why (`{"status":"FAILED","error":{"message":…}}`):
  // people should read the robot's own words without opening the raw answer.
  if (said !== undefined)
    patch.error = {
      kind: 'protocol',
      message: `The robot said: ${said}${/[.!?…]$/.test(said) ? '' : '.'}`,
      count: 1,
      at,
    };
  return { call: moveTo(polled, failed ? 'failed' : 'unexpected', at, note, patch), pollAgain: false };
}

/** The query failed: expired on 404, stopped when final or past the deadline, else polled again. */
export function afterQueryFailure(call: Call, error: AppError, at: number): PollOutcome {
  const polled: Call = {
    ...call,
    lastPolledAt: at,
    pollCount: call.pollCount + 1,
    error: recordError(call.error, error, at),
  };
  if (error.kind === 'http' && error.status === 404) {
    return {
      call: moveTo(polled, 'expired', at, 'The service no longer knows this run (404).'),
      pollAgain: false,
    };
  }
  if (!isTransientQueryFailure(error)) {
    // The outcome sentence says "Stopped: " before the note, so the note is the reason alone.
    return { call: moveTo(polled, 'stopped', at, error.message), pollAgain: false };
  }
  if (at >= (polled.watchUntil ?? Number.POSITIVE_INFINITY)) {
    const note = 'The watch deadline passed while status queries were failing.';
    return { call: moveTo(polled, 'stopped', at, note), pollAgain: false };
  }
  return error.retryAfterMs === undefined
    ? { call: polled, pollAgain: true }
    : { call: polled, pollAgain: true, retryAfterMs: error.retryAfterMs };
}

/** The trigger answered: the call waits for its run, watched until the deadline. */
export function afterAccepted(
  call: Call,
  accepted: { webhookCallId: string; status: number },
  at: number,
  watchDeadlineMs: number,
): Call {
  return moveTo(call, 'waiting', at, `Accepted (HTTP ${accepted.status})`, {
    webhookCallId: accepted.webhookCallId,
    acceptedAt: at,
    watchUntil: at + watchDeadlineMs,
  });
}

/** The trigger failed: rejected, unreachable or unknown, with the error kept. */
export function afterTriggerFailure(call: Call, error: AppError, at: number): Call {
  return moveTo(call, stateForTriggerFailure(error), at, undefined, { error: recordError(null, error, at) });
}

/**
 * When a call left waiting by an earlier run is polled first: at its next
 * poll, or now if that is past. A next poll further ahead than a whole watch
 * can last means the clock was set back since: poll now, not in days.
 */
export function resumeAt(nextPollAt: number | null, now: number, watchDeadlineMs: number): number {
  const at = nextPollAt ?? now;
  return at - now > watchDeadlineMs ? now : Math.max(now, at);
}

/** Only a stopped or unexpected call with a webhookCallId can be watched again. */
export function assertResumable(call: Call): void {
  if (call.state !== 'stopped' && call.state !== 'unexpected') {
    throw new AppError(
      'validation',
      `A ${call.state} call cannot be resumed; only stopped or unexpected ones.`,
    );
  }
  if (call.webhookCallId === null)
    throw new AppError('validation', 'This call has no webhookCallId to query.');
}

/** A call watched again: waiting, with a fresh deadline and nothing kept from the answer it ended on. */
export function afterResume(call: Call, now: number, watchDeadlineMs: number): Call {
  return moveTo(call, 'waiting', now, 'Resumed', {
    watchUntil: now + watchDeadlineMs,
    rawStatus: null,
    error: null,
    // The body kept from an unexpected answer is not this run's result.
    response: undefined,
    responseText: undefined,
  });
}
