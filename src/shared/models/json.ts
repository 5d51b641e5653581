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
