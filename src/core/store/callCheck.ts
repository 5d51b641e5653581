import { z } from 'zod';
import { Call, TimelineEntry } from '../../shared/models/call.ts';
import { JsonData, JsonObject } from '../../shared/models/json.ts';
import { validationError } from '../errors.ts';
import { callFieldsPass, timelineEntryPasses } from './callFields.ts';

const checkedCalls = new WeakSet<Call>();
const checkedParts = new WeakSet<object>();

/** A call whose arguments, response and timeline are checked apart, each by its own schema. */
const CallAround = Call.extend({
  args: z.unknown(),
  response: z.unknown().optional(),
  timeline: z.unknown(),
});

/**
 * Checks calls against the schema the history's read path uses, so a row
 * that could not be read back is never written. Each change of a call makes
 * a new record that shares its arguments, response and earlier timeline
 * entries with the one before (records are never mutated once built): those
 * parts, once checked, are not walked again, and only the fields around them
 * and what is new are. A poll then costs a check of a few numbers instead of
 * the whole arguments; a new state, one timeline entry more.
 */
export class CallCheck {
  // Shared by every check in the process: whether a record (never mutated) passes is its own fact.
  readonly #calls = checkedCalls;
  readonly #parts = checkedParts;

  /** Throws a `validation` error naming the field when `call` could not be read back once written. */
  check(call: Call): void {
    if (this.#calls.has(call)) return;
    if (!this.#passesByParts(call)) {
      // The whole schema, for the words that name what is wrong (or a record the parts check cannot take).
      const checked = Call.safeParse(call);
      if (!checked.success) throw validationError(checked.error, 'call');
    }
    this.#calls.add(call);
    const entries: unknown[] = Array.isArray(call.timeline) ? call.timeline : [];
    for (const part of [call.args, call.response, call.timeline, ...entries]) {
      if (typeof part === 'object' && part !== null) this.#parts.add(part);
    }
  }

  /** The fields around the parts pass, and each part not seen in a checked call passes its own schema. */
  #passesByParts(call: Call): boolean {
    if (typeof call !== 'object' || call === null || !Array.isArray(call.timeline)) return false;
    // The quick test first (never looser than the schema); the schema where it is unsure.
    if (!callFieldsPass(call) && !CallAround.safeParse(call).success) return false;
    if (!this.#known(call.args) && !JsonObject.safeParse(call.args).success) return false;
    const { response } = call;
    if (response !== undefined && !this.#known(response) && !JsonData.safeParse(response).success)
      return false;
    if (this.#known(call.timeline)) return true;
    return call.timeline.every(
      (entry) => this.#known(entry) || timelineEntryPasses(entry) || TimelineEntry.safeParse(entry).success,
    );
  }

  #known(part: unknown): boolean {
    return typeof part === 'object' && part !== null && this.#parts.has(part);
  }
}

const shared = new CallCheck();

/** Check a call built here (see CallCheck.check): the history's own check of it is then a lookup. */
export function checkCall(call: Call): Call {
  shared.check(call);
  return call;
}
