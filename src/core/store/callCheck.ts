import { z } from 'zod';
import { Call } from '../../shared/models/call.ts';
import { validationError } from '../errors.ts';

/** A call whose arguments, response and timeline are objects already checked as parts of a call. */
const CallAround = Call.extend({
  args: z.unknown(),
  response: z.unknown().optional(),
  timeline: z.unknown(),
});

/**
 * Checks calls against the schema the history's read path uses, so a row
 * that could not be read back is never written. Each poll of a waiting call
 * makes a new record that shares its arguments, response and timeline with
 * the one before (records are never mutated once built): those parts, once
 * checked, are not walked again, and only the fields around them are. A poll
 * then costs a check of a few numbers instead of the whole arguments.
 */
export class CallCheck {
  readonly #calls = new WeakSet<Call>();
  readonly #parts = new WeakSet<object>();

  /** Throws a `validation` error naming the field when `call` could not be read back once written. */
  check(call: Call): void {
    if (this.#calls.has(call)) return;
    const checked = this.#partsChecked(call) ? CallAround.safeParse(call) : Call.safeParse(call);
    if (!checked.success) throw validationError(checked.error, 'call');
    this.#calls.add(call);
    for (const part of [call.args, call.timeline, call.response]) {
      if (typeof part === 'object' && part !== null) this.#parts.add(part);
    }
  }

  #partsChecked(call: Call): boolean {
    if (typeof call !== 'object' || call === null) return false;
    const known = (part: unknown) => typeof part === 'object' && part !== null && this.#parts.has(part);
    return known(call.args) && known(call.timeline) && (call.response === undefined || known(call.response));
  }
}
