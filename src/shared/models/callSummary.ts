import { z } from 'zod';
import { Call } from './call.ts';
import { UsualRun } from './usualRun.ts';

/**
 * What the window, the tray and notifications see of a call in lists and in
 * events: everything but its arguments and its response (nor the response's
 * exact text). A response can be 50 MB, so it never travels unasked; the
 * window fetches a call's detail (getCall) when it shows it.
 */
export const CallSummary = Call.omit({
  args: true,
  response: true,
  responseText: true,
  echoPrints: true,
}).extend({
  /** Whether the call holds a response body to fetch with getCall. */
  hasResponse: z.boolean(),
  /** How long calls of its preset (else robot) usually run, once ten of them finished. */
  usual: UsualRun.optional(),
});
export type CallSummary = z.infer<typeof CallSummary>;

/**
 * A call as lists read it from the history: the record without its response
 * (which lists never read, however large), and whether it has one.
 */
export type ListedCall = Omit<Call, 'response' | 'responseText'> & { hasResponse: boolean };

/** A whole call as lists show it. */
export function listedCall(call: Call): ListedCall {
  const { response, responseText: _responseText, ...rest } = call;
  return { ...rest, hasResponse: response !== undefined };
}

export function summarizeCall(call: Call | ListedCall): CallSummary {
  // Listed field by field so a new Call field is a deliberate choice, not a leak.
  const listed = 'hasResponse' in call ? call : listedCall(call);
  const { args: _args, echoPrints: _prints, ...rest } = listed;
  return rest;
}
