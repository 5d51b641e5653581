import { z } from 'zod';
import { CallDetail, CallFilter, ResponseStart } from '../../models/call.ts';
import { CallSummary } from '../../models/callSummary.ts';
import { JsonObject } from '../../models/json.ts';
import { HttpMethod } from '../../models/preset.ts';
import { FieldValuesInput } from '../../models/presetFields.ts';
import { MAX_DIFF_LINES, RunDiff } from '../../models/runDiff.ts';
import { RunStats, RunStatsQuery } from '../../models/runStats.ts';
import { ById, Id, NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

/**
 * What to fire: a robot and a saved preset (its arguments and method may be
 * overridden), or a robot with a method and arguments given now. The window
 * names a robot id; main looks up its URL and token.
 */
export const FireInput = z
  .object({
    robotId: Id,
    presetId: Id.optional(),
    method: HttpMethod.optional(),
    args: JsonObject.optional(),
    /** The arguments given are the whole set; the preset's are not merged in. */
    replaceArgs: z.boolean().optional(),
    /** Values for the preset's fill-in fields: checked and filled in by the core, never by the window. */
    fields: FieldValuesInput.optional(),
  })
  .strict();
export type FireInput = z.input<typeof FireInput>;

/** The most of a response getCallResponseStart hands over (characters). */
export const MAX_RESPONSE_START = 256 * 1024;

export const callMethods = methods({
  /** Resolves once the service accepted or refused the trigger. */
  fire: { request: FireInput, response: CallSummary },
  /** The trigger as a curl command; the token stays $ROBOT_TOKEN. */
  curlCommand: { request: FireInput, response: z.object({ command: z.string() }) },
  listCalls: { request: CallFilter.strict(), response: z.array(CallSummary) },
  /** A call with its arguments, and its response as exact JSON text; by local id or webhookCallId. */
  getCall: { request: ById, response: CallDetail },
  /**
   * The first `chars` characters of a call's response and its size (null: it
   * holds none), asked before getCall: the window shows a long response's
   * first rows from it while the whole is on its way.
   */
  getCallResponseStart: {
    request: ById.extend({ chars: z.number().int().min(1).max(MAX_RESPONSE_START) }).strict(),
    response: ResponseStart.nullable(),
  },
  /**
   * Where call `after` differs from call `before` (the window: the previous
   * run of the same preset), arguments then response, compared in main: the
   * window receives the lines, the first `limit` of each part, never the
   * earlier run's response.
   */
  diffCalls: {
    request: z
      .object({ before: Id, after: Id, limit: z.number().int().min(1).max(MAX_DIFF_LINES).optional() })
      .strict(),
    response: RunDiff,
  },
  /**
   * The call the window shows now (null: none), said again every 20 s while
   * shown: the history's prune keeps it meanwhile (one call per window; the
   * word lapses after a minute unless said again).
   */
  showingCall: { request: z.object({ id: Id.nullable() }).strict(), response: Nothing },
  stopCall: { request: ById, response: CallSummary },
  resumeCall: { request: ById, response: CallSummary },
  /**
   * Ask the service about a waiting call now (within the per-origin rate);
   * resolves with the call as the answer left it, `nextPollAt` its next
   * automatic check.
   */
  checkCall: { request: ById, response: CallSummary },
  /**
   * Fire again with exactly the method and arguments that call sent, or with
   * the method and arguments given here in their place (not merged: an
   * argument left out is not sent).
   */
  refireCall: {
    request: ById.extend({
      method: HttpMethod.optional(),
      args: JsonObject.optional(),
      /** The secret fields' values the history did not keep, given again. */
      fields: FieldValuesInput.optional(),
    }).strict(),
    response: CallSummary,
  },
  forgetCall: { request: ById, response: Nothing },
  clearFinished: {
    request: z.object({ robotId: Id.optional() }).strict(),
    response: z.object({ removed: z.number().int().min(0) }),
  },
  /**
   * How a robot or preset ran over a period (outcomes, run time p50/p90, by
   * day) and its most recent runs one by one, for the robot pane's chart.
   */
  runStats: { request: RunStatsQuery, response: RunStats },
  /** Take over calls the CLI left waiting (e.g. when the window gains focus). */
  adoptWaitingCalls: { request: NoRequest, response: z.array(CallSummary) },
});
