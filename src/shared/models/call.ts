import { z } from 'zod';
import { errorKinds } from '../errorKinds.ts';
import { EchoPrints } from './echoPrints.ts';
import { JsonData, JsonObject } from './json.ts';
import { activeStates, callStates } from './callStates.ts';
import { HttpMethod } from './preset.ts';

export { activeStates, callStates };
export const CallState = z.enum(callStates);
export type CallState = z.infer<typeof CallState>;

export const resumableStates: readonly CallState[] = ['stopped', 'unexpected'];

export function isActive(state: CallState): boolean {
  return activeStates.includes(state);
}

export const CallError = z.object({
  kind: z.enum(errorKinds),
  message: z.string(),
  status: z.number().optional(),
  /** How long the service asked to be left alone (Retry-After), when it said so. */
  retryAfterMs: z.number().optional(),
  /** How many times in a row this error was met (transient query failures). */
  count: z.number().int().min(1).default(1),
  at: z.number(),
});
export type CallError = z.infer<typeof CallError>;

export const TimelineEntry = z.object({
  at: z.number(),
  state: CallState,
  note: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const Call = z.object({
  id: z.string().min(1),
  robotId: z.string().min(1),
  /** Kept so history still reads well after the robot or preset is deleted. */
  robotName: z.string(),
  presetId: z.string().nullable().default(null),
  presetName: z.string().nullable().default(null),
  method: HttpMethod,
  args: JsonObject,
  state: CallState,
  webhookCallId: z.string().nullable().default(null),
  /** The exact address the trigger went to, query string included (a token never is in it). */
  url: z.string().nullable().default(null),
  /**
   * The origin and base path the trigger went to: its status queries go
   * there and nowhere else, whatever the robot's address is later. Older
   * records lack them and derive them from `url`.
   */
  origin: z.string().optional(),
  basePath: z.string().optional(),
  /** The robot's response (or the raw body of an unexpected answer), kept exactly as data. */
  response: JsonData.optional(),
  /**
   * The response's exact JSON text, kept only when it holds numbers a double
   * cannot carry unchanged (whole numbers beyond 2^53, long decimals), so the
   * window shows them as the robot sent them. Redacted like the response.
   */
  responseText: z.string().optional(),
  /** Raw status text when the service answered something other than WAITING or DONE. */
  rawStatus: z.string().nullable().default(null),
  warning: z.string().nullable().default(null),
  error: CallError.nullable().default(null),
  notifyOnFinish: z.boolean().default(false),
  createdAt: z.number(),
  sentAt: z.number().nullable().default(null),
  acceptedAt: z.number().nullable().default(null),
  lastPolledAt: z.number().nullable().default(null),
  nextPollAt: z.number().nullable().default(null),
  finishedAt: z.number().nullable().default(null),
  /** When the current watch ends; reset by resume. */
  watchUntil: z.number().nullable().default(null),
  pollCount: z.number().int().min(0).default(0),
  timeline: z.array(TimelineEntry).default([]),
  /**
   * What the call keeps of each secret it carried (its token, secret field
   * values), so that whichever process reads the service's answers masks an
   * echo of them: never the secrets (see core/echo/secretPrints.ts). Stays
   * on this desk: no window, saved call or report receives it.
   */
  echoPrints: EchoPrints.optional(),
});
export type Call = z.infer<typeof Call>;

export const CallFilter = z.object({
  robotId: z.string().optional(),
  states: z.array(CallState).optional(),
  text: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  offset: z.number().int().min(0).optional(),
});
export type CallFilter = z.input<typeof CallFilter>;

/**
 * A call as the window reads it: the record without its response, and the
 * response as its exact JSON text (`responseJson`, the kept exact text when
 * there is one). The window parses that text in its workers: handing it a
 * 20 MB object would cost the window's main thread a structured clone, and
 * an object loses the digits a double cannot carry.
 */
export const CallDetail = Call.omit({ response: true, responseText: true, echoPrints: true }).extend({
  responseJson: z.string().optional(),
});
export type CallDetail = z.infer<typeof CallDetail>;

/**
 * The start of a call's response text, read before the whole: the window
 * shows a 20 MB response's first rows from it while the whole is on its way
 * (see getCallResponseStart). `bytes` is the whole's size in UTF-8; `whole`
 * says the start is all of it.
 */
export const ResponseStart = z.object({
  text: z.string(),
  bytes: z.number().int().min(0),
  whole: z.boolean(),
});
export type ResponseStart = z.infer<typeof ResponseStart>;

/** A call as the window reads it, from a whole record in memory. */
export function callDetail(call: Call): CallDetail {
  const { response, responseText, echoPrints: _prints, ...rest } = call;
  return response === undefined ? rest : { ...rest, responseJson: responseText ?? JSON.stringify(response) };
}
