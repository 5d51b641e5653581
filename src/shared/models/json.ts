import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * An object of JSON values. zod would silently drop a key named "__proto__"
 * (it cannot be set as an ordinary property), so an argument by that name
 * would vanish between what people typed and what is sent: refuse it instead.
 */
const jsonRecord = (): z.ZodType<JsonObject> =>
  z
    .custom<unknown>((value) => !(isJsonObject(value) && Object.hasOwn(value, '__proto__')), {
      message: '"__proto__" cannot be used as a name; rename that key',
    })
    .pipe(z.record(z.string(), JsonValue));

/** Any JSON value; numbers must be finite (JSON has no NaN or Infinity). */
export const JsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), jsonRecord()], {
    error: 'must be a JSON value: text, a finite number, true or false, null, a list or an object',
  }),
);

/** Robot arguments and "Respond to webhook" responses are JSON objects. */
export const JsonObject: z.ZodType<JsonObject> = jsonRecord();

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deep a service's answer may nest. Deeper answers cannot be written and
 * read back safely (JSON.stringify and the window's viewer recurse), so the
 * part past this depth is not kept and the call says so.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Whether `value` is JSON data no deeper than `maxDepth`, checked without
 * recursion (so a hostile 100,000-deep answer cannot overflow the stack) and
 * without copying (so a key named "__proto__" stays an ordinary key).
 */
export function isJsonData(value: unknown, maxDepth = MAX_JSON_DEPTH): value is JsonValue {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== 'object' || depth >= maxDepth) return false;
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key of Object.keys(v)) stack.push([(v as Record<string, unknown>)[key], depth + 1]);
  }
  return true;
}

/**
 * What a service answered, kept exactly as data: any JSON value up to
 * MAX_JSON_DEPTH, keys such as "__proto__" included. The same schema is used
 * when a call is written and when it is read back, so what is stored can
 * always be read.
 */
export const JsonData: z.ZodType<JsonValue> = z.custom<JsonValue>((value) => isJsonData(value), {
  message: `must be JSON data nested at most ${MAX_JSON_DEPTH} levels deep`,
});
