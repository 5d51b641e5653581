import { z } from 'zod';
import { Call, TimelineEntry } from '../../shared/models/call.ts';
import { EchoPrints } from '../../shared/models/echoPrints.ts';
import { JsonObject, jsonDataProblem } from '../../shared/models/json.ts';
import { validationError } from '../errors.ts';
import { callFieldsPass, timelineEntryPasses } from './callFields.ts';

const checkedCalls = new WeakSet<Call>();
const checkedParts = new WeakSet<object>();

/** A call whose arguments, response and timeline are checked apart, each by its own schema. */
const CallAround = Call.extend({
  args: z.unknown(),
  response: z.unknown().optional(),
  timeline: z.unknown(),
  echoPrints: z.unknown().optional(),
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
    let fresh = this.#newPartsPassing(call);
    if (fresh === undefined) {
      // The whole schema, for the words that name what is wrong (or a record the parts check cannot take).
      const checked = Call.safeParse(call);
      if (!checked.success) throw validationError(checked.error, 'call');
      const entries: unknown[] = Array.isArray(call.timeline) ? call.timeline : [];
      fresh = [call.args, call.response, call.timeline, call.echoPrints, ...entries].filter(
        (part): part is object => typeof part === 'object' && part !== null,
      );
    }
    this.#calls.add(call);
    for (const part of fresh) this.#parts.add(part);
  }

  /**
   * The fields around the parts pass, and each part not seen in a checked
   * call passes its own schema: those new parts, or undefined when one fails.
   */
  #newPartsPassing(call: Call): object[] | undefined {
    if (typeof call !== 'object' || call === null || !Array.isArray(call.timeline)) return undefined;
    // The quick test first (never looser than the schema); the schema where it is unsure.
    if (!callFieldsPass(call) && !CallAround.safeParse(call).success) return undefined;
    const fresh: object[] = [];
    const { args, response, timeline, echoPrints } = call;
    if (!this.#known(args)) {
      if (!JsonObject.safeParse(args).success) return undefined;
      fresh.push(args);
    }
    // JsonData is this very test (jsonDataProblem); its words come from the whole schema on failure.
    if (response !== undefined && !this.#known(response)) {
      if (jsonDataProblem(response) !== undefined) return undefined;
      if (typeof response === 'object' && response !== null) fresh.push(response);
    }
    // A call's prints are made once, at its trigger, and shared by every later record of it.
    if (echoPrints !== undefined && !this.#known(echoPrints)) {
      if (!EchoPrints.safeParse(echoPrints).success) return undefined;
      fresh.push(echoPrints);
    }
    if (this.#known(timeline)) return fresh;
    for (const entry of timeline) {
      if (this.#known(entry)) continue;
      if (!timelineEntryPasses(entry) && !TimelineEntry.safeParse(entry).success) return undefined;
      if (typeof entry === 'object' && entry !== null) fresh.push(entry);
    }
    fresh.push(timeline);
    return fresh;
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

/**
 * Arguments that passed JsonObject where they came in (a fire request's
 * schema, at the IPC or CLI door): the history checks a call's arguments by
 * that very schema, so it does not walk them again.
 */
export function argsCheckedOnEntry<T extends object>(args: T): T {
  checkedParts.add(args);
  return args;
}
