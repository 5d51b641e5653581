import { z } from 'zod';
import { argsLimitProblem } from '../limits.ts';

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

/**
 * Robot arguments: a JSON object within Robot Tray's limits (src/shared/limits.ts).
 * The limits are checked first, without recursion, so the recursive parse
 * after them never meets a value deep enough to overflow the stack.
 */
export const JsonObject: z.ZodType<JsonObject> = z
  .unknown()
  .check((ctx) => {
    const problem = argsLimitProblem(ctx.value);
    if (problem !== undefined)
      ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
  })
  .pipe(jsonRecord());

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deep a service's answer may nest. Deeper answers cannot be written and
 * read back safely (JSON.stringify and the window's viewer recurse), so the
 * part past this depth is not kept and the call says so.
 */
export const MAX_JSON_DEPTH = 512;

/** Why a value is not JSON data: too deep, a number JSON has no form for, or not data at all. */
export type JsonDataProblem = 'depth' | 'number' | 'type';

/**
 * What keeps `value` from being JSON data no deeper than `maxDepth`, or
 * undefined. Checked without recursion (so a hostile 100,000-deep answer
 * cannot overflow the stack) and without copying (so a key named
 * "__proto__" stays an ordinary key). Each reason is told apart, so no
 * message blames nesting for a number (2e308 reads as Infinity).
 */
export function jsonDataProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonDataProblem | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'number';
      continue;
    }
    if (typeof v !== 'object') return 'type';
    if (depth >= maxDepth) return 'depth';
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return 'type';
    for (const key of Object.keys(v)) stack.push([(v as Record<string, unknown>)[key], depth + 1]);
  }
  return undefined;
}

export function isJsonData(value: unknown, maxDepth = MAX_JSON_DEPTH): value is JsonValue {
  return jsonDataProblem(value, maxDepth) === undefined;
}

const JSON_DATA_PROBLEMS: Record<JsonDataProblem, string> = {
  depth: `must be JSON data nested at most ${MAX_JSON_DEPTH} levels deep`,
  number: 'must be JSON data: it holds a number JSON cannot carry (NaN or infinite)',
  type: 'must be JSON data: text, finite numbers, true, false, null, lists and plain objects',
};

/**
 * What a service answered, kept exactly as data: any JSON value up to
 * MAX_JSON_DEPTH, keys such as "__proto__" included. The same schema is used
 * when a call is written and when it is read back, so what is stored can
 * always be read. Its message gives the real reason a value is refused.
 */
export const JsonData: z.ZodType<JsonValue> = z.custom<JsonValue>().check((ctx) => {
  const problem = jsonDataProblem(ctx.value);
  if (problem !== undefined)
    ctx.issues.push({ code: 'custom', message: JSON_DATA_PROBLEMS[problem], input: ctx.value });
});
