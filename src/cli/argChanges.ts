import type { JsonObject } from '../shared/models/json.ts';
import { usageError } from './cliError.ts';

/**
 * Arguments changed from a base set (a preset's, a past call's): every given
 * key is set over the base (merged, not replaced), then each --unset-arg key
 * removed; --clear-args starts from nothing. Pure, so it is tested as such.
 */
export function changeArgs(
  base: JsonObject,
  changes: { given?: JsonObject | undefined; unset?: readonly string[]; clear?: boolean },
  whose: string,
): JsonObject {
  let args: JsonObject = { ...(changes.clear === true ? {} : base), ...changes.given };
  for (const key of changes.unset ?? []) {
    if (!Object.hasOwn(args, key)) throw usageError(`--unset-arg: ${whose} has no argument "${key}".`);
    const { [key]: _removed, ...rest } = args;
    args = rest;
  }
  return args;
}
