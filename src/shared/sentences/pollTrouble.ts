import type { CallError, CallState } from '../models/call.ts';
import { stateLabel } from './callOutcome.ts';

/** The parts of a call the poll-trouble line reads; a Call and a CallSummary both fit. */
export type TroubleFields = { state: CallState; error: CallError | null; nextPollAt: number | null };

const WHAT_FAILED: Partial<Record<CallError['kind'], string>> = {
  network: 'could not reach the service',
  timeout: 'the service did not answer in time',
  protocol: 'the answer could not be read',
  keychain: 'the keychain was locked',
  storage: 'the history could not be written',
  busy: 'the history was busy',
  internal: 'an unexpected error',
};

/** A failed poll in a few words: "HTTP 503", "could not reach the service". */
export function pollFailureWords(error: CallError): string {
  return error.status === undefined ? (WHAT_FAILED[error.kind] ?? error.kind) : `HTTP ${error.status}`;
}

/**
 * While a call waits but its polls fail (the service went away, answers 503),
 * the window's row and detail and the CLI's progress line say so: what the
 * last poll met, how many failed in a row, and when the next attempt is.
 * Without it a call whose service was gone still read "Running; Robot Tray
 * is watching" with no error. Null when the call is not waiting or its last
 * poll went well.
 */
export function pollTrouble(call: TroubleFields, now: number): string | null {
  if (call.state !== 'waiting' || call.error === null) return null;
  const inARow = call.error.count > 1 ? ` (${call.error.count} in a row)` : '';
  const next =
    call.nextPollAt === null
      ? ''
      : `; next try in ${Math.max(0, Math.ceil((call.nextPollAt - now) / 1000))} s`;
  return `last poll failed: ${pollFailureWords(call.error)}${inARow}${next}`;
}

/**
 * What asking the service now ("Check now") found, in a sentence: the state
 * the call ended in, or what the check met, or that it still runs, with
 * when the next automatic check is.
 */
export function checkedText(call: TroubleFields, now: number): string {
  if (call.state !== 'waiting') return `Checked: ${stateLabel(call.state).toLowerCase()}.`;
  const trouble = pollTrouble(call, now);
  if (trouble !== null) return `Checked: ${trouble}.`;
  if (call.nextPollAt === null) return 'Checked: still running.';
  const seconds = Math.max(0, Math.ceil((call.nextPollAt - now) / 1000));
  return `Checked: still running; the next automatic check is in ${seconds} s.`;
}
