import type { JsonObject, JsonValue } from './models/json.ts';

/**
 * Why these arguments cannot travel in a GET query string (spec 4.2) exactly
 * as they are, or undefined when they can. Text, numbers and booleans have a
 * query form, and so do non-empty lists of them (repeated keys). A nested
 * object or a list inside a list has none; null would arrive as empty text
 * and an empty list would vanish, so both are refused rather than changed.
 * Shared so an editor can warn before a preset is saved as GET, and the core
 * refuses the same arguments before saving or sending.
 */
export function getEncodingProblem(args: JsonObject): string | undefined {
  const post = 'Send this call with POST, which carries arguments as a JSON body';
  for (const [key, value] of Object.entries(args)) {
    if (Array.isArray(value) && value.length === 0) {
      return `Argument "${key}" is an empty list, which a GET query string cannot carry (it would vanish). ${post}, or remove it.`;
    }
    const items: JsonValue[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === null) {
        return (
          `Argument "${key}" ${Array.isArray(value) ? 'holds' : 'is'} null, which a GET query string can only send as empty text (${key}=). ` +
          `${post}, or give it as empty text.`
        );
      }
      if (typeof item !== 'object') continue;
      const what = Array.isArray(item) ? 'a list inside a list' : 'a nested object';
      return (
        `Argument "${key}" is ${Array.isArray(value) ? 'a list holding ' : ''}${what}, which cannot travel in a GET query string. ` +
        `${post}.`
      );
    }
  }
  return undefined;
}
