import { getEncodingProblem } from '../../shared/getEncoding.ts';
import type { JsonObject, JsonValue } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';

export { getEncodingProblem };

/**
 * Encode robot arguments as a GET query string (spec 4.2). Strings travel as
 * they are, numbers and booleans as text, arrays as repeated keys. What has
 * no exact query-string form (null, an empty list, a nested object, a list
 * inside a list) is refused before anything is sent.
 */
export function encodeGetArguments(args: JsonObject): string {
  const problem = getEncodingProblem(args);
  if (problem !== undefined) throw new AppError('validation', problem);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, scalarText(item));
    } else {
      params.append(key, scalarText(value));
    }
  }
  return params.toString();
}

/** Only text, numbers and booleans reach here: getEncodingProblem refused everything else. */
function scalarText(value: JsonValue): string {
  return String(value);
}
