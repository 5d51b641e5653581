import type { JsonObject, JsonValue } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';

/**
 * Encode robot arguments as a GET query string (spec 4.2). Strings travel as
 * they are, numbers and booleans as text, arrays as repeated keys and null as
 * an empty value. A nested object (or an array inside an array) has no
 * query-string form, so it is refused before anything is sent.
 */
export function encodeGetArguments(args: JsonObject): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, scalarText(key, item, true));
    } else {
      params.append(key, scalarText(key, value, false));
    }
  }
  return params.toString();
}

function scalarText(key: string, value: JsonValue, inArray: boolean): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const what = Array.isArray(value) ? 'a list inside a list' : 'a nested object';
  throw new AppError(
    'validation',
    `Argument "${key}" is ${inArray ? 'a list holding ' : ''}${what}, which cannot travel in a GET query string. ` +
      'Send this call with POST, which carries arguments as a JSON body.',
  );
}

/** Why an argument set cannot go by GET, or undefined when it can. */
export function getEncodingProblem(args: JsonObject): string | undefined {
  try {
    encodeGetArguments(args);
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.message : 'These arguments cannot be sent with GET.';
  }
}
