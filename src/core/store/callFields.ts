import { callStates } from '../../shared/models/callStates.ts';
import { errorKinds } from '../../shared/errorKinds.ts';

/**
 * A quick test, without zod, of the fields of a call around its arguments,
 * response, timeline and secret prints, and of one timeline entry. Never looser than the
 * schema (src/shared/models/call.ts): what passes here passes the schema
 * (test/unit/callFields.test.ts checks it on altered records). It may be
 * stricter (a field left to its default fails here); then the schema decides,
 * and its words name what is wrong. A record the core builds passes here in
 * a few hundred nanoseconds, where the schema's walk takes tens of microseconds.
 */

const STATES: ReadonlySet<unknown> = new Set(callStates);
const KINDS: ReadonlySet<unknown> = new Set(errorKinds);
const METHODS: ReadonlySet<unknown> = new Set(['POST', 'GET']);

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): boolean => typeof v === 'string';
const textOrNull = (v: unknown): boolean => v === null || typeof v === 'string';
const textOrAbsent = (v: unknown): boolean => v === undefined || typeof v === 'string';
const numberOrNull = (v: unknown): boolean => v === null || isNumber(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function errorPasses(e: unknown): boolean {
  if (e === null) return true;
  if (!isRecord(e)) return false;
  const { count } = e;
  return (
    KINDS.has(e['kind']) &&
    text(e['message']) &&
    (e['status'] === undefined || isNumber(e['status'])) &&
    typeof count === 'number' &&
    Number.isSafeInteger(count) &&
    count >= 1 &&
    isNumber(e['at'])
  );
}

/** Whether the fields around a call's parts surely pass the schema (its args, response and timeline are checked apart). */
export function callFieldsPass(call: unknown): boolean {
  if (!isRecord(call)) return false;
  const c = call;
  const { id, robotId, pollCount } = c;
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    typeof robotId === 'string' &&
    robotId.length > 0 &&
    text(c['robotName']) &&
    textOrNull(c['presetId']) &&
    textOrNull(c['presetName']) &&
    METHODS.has(c['method']) &&
    STATES.has(c['state']) &&
    textOrNull(c['webhookCallId']) &&
    textOrNull(c['url']) &&
    textOrAbsent(c['origin']) &&
    textOrAbsent(c['basePath']) &&
    textOrAbsent(c['responseText']) &&
    textOrNull(c['rawStatus']) &&
    textOrNull(c['warning']) &&
    errorPasses(c['error']) &&
    typeof c['notifyOnFinish'] === 'boolean' &&
    isNumber(c['createdAt']) &&
    numberOrNull(c['sentAt']) &&
    numberOrNull(c['acceptedAt']) &&
    numberOrNull(c['lastPolledAt']) &&
    numberOrNull(c['nextPollAt']) &&
    numberOrNull(c['finishedAt']) &&
    numberOrNull(c['watchUntil']) &&
    typeof pollCount === 'number' &&
    Number.isSafeInteger(pollCount) &&
    pollCount >= 0 &&
    Array.isArray(c['timeline'])
  );
}

/** Whether one timeline entry surely passes the schema. */
export function timelineEntryPasses(entry: unknown): boolean {
  return (
    isRecord(entry) && isNumber(entry['at']) && STATES.has(entry['state']) && textOrAbsent(entry['note'])
  );
}
