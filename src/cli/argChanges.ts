import type { JsonObject, JsonValue } from '../shared/models/json.ts';
import { diffJson } from '../shared/responseDiff.ts';
import { type ArgChanges, applyArgChanges, argPath, removeAt } from './args.ts';
import { usageError } from './cliError.ts';

/**
 * Arguments changed from a base set (a preset's, a past call's): the given
 * changes applied over it (applyArgChanges: --args sets top-level keys whole,
 * --arg one value at its path), then each --unset-arg path removed;
 * --clear-args starts from nothing. Pure, so it is tested as such.
 */
export function changeArgs(
  base: JsonObject,
  changes: {
    given?: ArgChanges | undefined;
    unset?: readonly string[] | undefined;
    clear?: boolean | undefined;
  },
  whose: string,
): JsonObject {
  const start = changes.clear === true ? {} : base;
  let args = changes.given === undefined ? { ...start } : applyArgChanges(start, changes.given);
  for (const key of changes.unset ?? []) {
    const removed = removeAt(args, argPath(key));
    if (removed === undefined) throw usageError(`--unset-arg: ${whose} has no argument "${key}".`);
    args = removed;
  }
  return args;
}

/**
 * What changed in a set of arguments, in words, one path per change, so an
 * edit never drops a nested value silently ("removed $.customer.tags").
 */
export function describeArgChanges(before: JsonObject, after: JsonObject): string[] {
  const preview = (value: JsonValue) => {
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 59)}…` : text;
  };
  const diff = diffJson(before, after, 50);
  const lines = diff.entries.map((entry) =>
    entry.kind === 'added'
      ? `added ${entry.path} = ${preview(entry.after)}`
      : entry.kind === 'removed'
        ? `removed ${entry.path} (was ${preview(entry.before)})`
        : `changed ${entry.path} from ${preview(entry.before)} to ${preview(entry.after)}`,
  );
  return diff.truncated ? [...lines, 'and more (see them all with: robot-tray preset show)'] : lines;
}
