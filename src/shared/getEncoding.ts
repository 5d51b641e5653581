import type { JsonObject, JsonValue } from './models/json.ts';

/**
 * Why these arguments cannot travel in a GET query string (spec 4.2), or
 * undefined when they can. Strings, numbers, booleans and null have a query
 * form, and so do lists of them (repeated keys); a nested object or a list
 * inside a list does not. Shared so an editor can warn before a preset is
 * saved as GET, and the core refuses the same arguments before sending.
 */
export function getEncodingProblem(args: JsonObject): string | undefined {
  for (const [key, value] of Object.entries(args)) {
    const items: JsonValue[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === null || typeof item !== 'object') continue;
      const what = Array.isArray(item) ? 'a list inside a list' : 'a nested object';
      return (
        `Argument "${key}" is ${Array.isArray(value) ? 'a list holding ' : ''}${what}, which cannot travel in a GET query string. ` +
        'Send this call with POST, which carries arguments as a JSON body.'
      );
    }
  }
  return undefined;
}
