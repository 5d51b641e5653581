import { z } from 'zod';
import { firstInexactNumber } from '../exactNumbers.ts';
import { describeZodError } from '../validation.ts';
import { Call, CallError, TimelineEntry } from './call.ts';
import { jsonDataProblem } from './json.ts';

export const SAVED_CALL_FORMAT = 'robot-tray-call';
export const SAVED_CALL_VERSION = 1;
/** The largest saved call read: a 50 MiB response (the history's default cap) and its arguments fit. */
export const SAVED_CALL_MAX_BYTES = 80 * 1024 * 1024;
/** The robot id a call read from a file carries: it belongs to no robot on this desk. */
export const SAVED_CALL_ROBOT_ID = 'saved-call';

/**
 * A call as it travels to another desk: what was sent, where, what happened
 * and what came back. Not the robot's or preset's local ids, nor the watch
 * (lease, next poll, notify), which mean something only where the call was
 * made; never a token (a call record holds none).
 */
/**
 * The last moment a saved call may name: the end of the year 9999. Every
 * time in a file is shown (the window's clock and day, the report), and a
 * time far outside what a date can be (1e300) is no date at all.
 */
export const LATEST_MOMENT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const Moment = z
  .number()
  .min(0, 'must be a time after 1970 (milliseconds since then)')
  .max(LATEST_MOMENT, 'must be a time before the year 10000 (milliseconds since 1970)');

export const SavedCallRecord = Call.pick({
  id: true,
  robotName: true,
  presetName: true,
  method: true,
  args: true,
  state: true,
  webhookCallId: true,
  url: true,
  origin: true,
  basePath: true,
  rawStatus: true,
  warning: true,
  error: true,
  createdAt: true,
  sentAt: true,
  acceptedAt: true,
  finishedAt: true,
  pollCount: true,
  timeline: true,
}).extend({
  error: CallError.extend({ at: Moment }).nullable().default(null),
  createdAt: Moment,
  sentAt: Moment.nullable().default(null),
  acceptedAt: Moment.nullable().default(null),
  finishedAt: Moment.nullable().default(null),
  timeline: z.array(TimelineEntry.extend({ at: Moment })).default([]),
});
export type SavedCallRecord = z.infer<typeof SavedCallRecord>;

export const SavedCall = z.object({
  format: z.literal(SAVED_CALL_FORMAT),
  version: z.literal(SAVED_CALL_VERSION),
  savedAt: Moment,
  call: SavedCallRecord,
  /** The response's exact JSON text, numbers as the robot sent them. */
  responseJson: z.string().optional(),
});
export type SavedCall = z.infer<typeof SavedCall>;

/** A local call as a saved call, taken at `savedAt`. */
export function toSavedCall(call: Call, savedAt: number): SavedCall {
  const record: SavedCallRecord = {
    id: call.id,
    robotName: call.robotName,
    presetName: call.presetName,
    method: call.method,
    args: call.args,
    state: call.state,
    webhookCallId: call.webhookCallId,
    url: call.url,
    ...(call.origin === undefined ? {} : { origin: call.origin }),
    ...(call.basePath === undefined ? {} : { basePath: call.basePath }),
    rawStatus: call.rawStatus,
    warning: call.warning,
    error: call.error,
    createdAt: call.createdAt,
    sentAt: call.sentAt,
    acceptedAt: call.acceptedAt,
    finishedAt: call.finishedAt,
    pollCount: call.pollCount,
    timeline: call.timeline,
  };
  const responseJson =
    call.response === undefined ? undefined : (call.responseText ?? JSON.stringify(call.response));
  return {
    format: SAVED_CALL_FORMAT,
    version: SAVED_CALL_VERSION,
    savedAt,
    call: record,
    ...(responseJson === undefined ? {} : { responseJson }),
  };
}

/** The text of a saved call file. */
export function savedCallText(saved: SavedCall): string {
  return JSON.stringify(saved, null, 2) + '\n';
}

/** A saved call read back, or why it cannot be: one sentence, after the file's name. */
export type SavedCallParse =
  | { ok: true; saved: SavedCall }
  /** `foreign`: not a Robot Tray call file at all (its problem may quote its content). */
  | { ok: false; problem: string; foreign: boolean };

function refused(problem: string, foreign = false): SavedCallParse {
  return { ok: false, problem, foreign };
}

/**
 * A saved call file's text, checked: a Robot Tray call file, of a version
 * this Robot Tray reads, every field as it should be, its response JSON.
 * The version is read before the rest, so a file from a newer Robot Tray is
 * refused as that, not as a list of fields this one does not know.
 */
export function parseSavedCall(text: string): SavedCallParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refused(`is not JSON (${error instanceof Error ? error.message : 'unreadable'})`, true);
  }
  const head = z.object({ format: z.string(), version: z.unknown() }).safeParse(value);
  if (!head.success || head.data.format !== SAVED_CALL_FORMAT) {
    return refused(`is not a call saved by Robot Tray (it lacks "format": "${SAVED_CALL_FORMAT}")`, true);
  }
  const version = head.data.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return refused('has no valid format version (a whole number from 1)');
  }
  if (version > SAVED_CALL_VERSION) {
    return refused(
      `was saved by a newer Robot Tray (call file version ${version}; this one reads version ${SAVED_CALL_VERSION}). ` +
        'Update Robot Tray to open it, or ask for the call to be saved again from the same version.',
    );
  }
  const parsed = SavedCall.safeParse(value);
  if (!parsed.success) return refused(`is damaged: ${describeZodError(parsed.error, 'the call')}`);
  const responseJson = parsed.data.responseJson;
  if (responseJson !== undefined) {
    try {
      if (jsonDataProblem(JSON.parse(responseJson)) !== undefined) throw new Error('not data');
    } catch {
      return refused('is damaged: its response is not JSON data');
    }
  }
  return { ok: true, saved: parsed.data };
}

/**
 * A saved call as a call record, to be shown and compared with the same
 * code as a local one: it belongs to no robot here (SAVED_CALL_ROBOT_ID), is
 * watched by nothing and never polled.
 */
export function savedCallAsCall(saved: SavedCall): Call {
  const json = saved.responseJson;
  return {
    ...saved.call,
    robotId: SAVED_CALL_ROBOT_ID,
    presetId: null,
    notifyOnFinish: false,
    lastPolledAt: null,
    nextPollAt: null,
    watchUntil: null,
    ...(json === undefined
      ? {}
      : {
          response: JSON.parse(json) as Call['response'],
          ...(firstInexactNumber(json) === undefined ? {} : { responseText: json }),
        }),
  };
}
