import { DESIGNER_TOKEN_STEPS } from '../../shared/sentences/tokenSteps.ts';
import type { JsonObject, JsonValue } from '../../shared/models/json.ts';
import { isJsonObject } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';
import { firstInexactNumber, parseKeepingNumbers } from '../../shared/exactNumbers.ts';
import { memberValueText, mayHaveReorderedKeys, mayHoldIndexLikeKey } from './memberText.ts';
import { maskHeaderEchoes } from '../echo/echoMask.ts';

/** The longest robot message kept in an error line; the whole answer stays in `response`. */
const MAX_SERVICE_MESSAGE = 300;

/**
 * The message an answer with an undocumented status carries, where such
 * answers commonly put one: `error.message`, `error` as text, `message`,
 * `reason` or `detail`. One line, cut to a readable length.
 */
export function serviceMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  const error = Object.hasOwn(fields, 'error') ? fields['error'] : undefined;
  const nested =
    typeof error === 'object' && error !== null && Object.hasOwn(error, 'message')
      ? (error as Record<string, unknown>)['message']
      : undefined;
  const candidates = [nested, error, fields['message'], fields['reason'], fields['detail']];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const line = candidate.replace(/\s+/g, ' ').trim();
    if (line === '') continue;
    return line.length > MAX_SERVICE_MESSAGE ? `${line.slice(0, MAX_SERVICE_MESSAGE - 1)}…` : line;
  }
  return undefined;
}

/** The first characters of a body, on one line, for an error message. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}

/**
 * What an error answer said, for the error line: the message of a JSON
 * answer, else the start of its text.
 */
export function answerDetail(text: string): string {
  try {
    const said = serviceMessage(JSON.parse(text));
    if (said !== undefined) return said;
  } catch {
    // Not JSON: the text itself is what it said.
  }
  return excerpt(text);
}

/** What the service's answers mean in words, and how they are read. */
export function httpMessage(code: number, action: 'trigger' | 'query', host: string, detail: string): string {
  // The service's words end with a stop, so the next step reads as its own sentence.
  const said = detail ? ` It said: ${detail}${/[.!?…]$/.test(detail) ? '' : '.'}` : '';
  if (code === 401 || code === 403) {
    return action === 'trigger'
      ? `The service refused the token (HTTP ${code}).${said} Generate a new token ${DESIGNER_TOKEN_STEPS} it, and set it in Robot Tray.`
      : `The service refused the status query (HTTP ${code}).${said} Check the robot's token and whether queries should send it.`;
  }
  if (code === 404) {
    return action === 'trigger'
      ? `The trigger address was not found on ${host} (HTTP 404).${said} Check the robot's base URL.`
      : `The service no longer knows this run (HTTP 404): its result has expired or the id is wrong.`;
  }
  // The service's own words usually give its limit and the same advice; say the point once.
  if (code === 413)
    return `The service refused the arguments as too large (HTTP 413).${said || ' Send fewer or smaller arguments.'}`;
  if (code === 429)
    return `The service is rate limiting Robot Tray (HTTP 429).${said} Wait a little before trying again.`;
  if (code >= 500) return `The service had an error (HTTP ${code}).${said} Try again later.`;
  return `The service rejected the ${action} (HTTP ${code}).${said} Check the arguments and the robot settings.`;
}

/** An answer's text (already masked of the call's secrets) as a JSON object, or a `protocol` error quoting its start. */
export function parseJsonObject(text: string, action: 'trigger' | 'query'): JsonObject {
  let value: JsonValue;
  try {
    // JSON.parse can only produce JSON values, so this is a fact, not a guess.
    value = JSON.parse(text) as JsonValue;
  } catch {
    throw new AppError(
      'protocol',
      `The service's answer to the ${action} is not JSON: ${excerpt(maskHeaderEchoes(text), 80) || '(empty)'}. ` +
        'Check that the base URL points at the robot service.',
      { maybeDelivered: action === 'trigger' },
    );
  }
  if (!isJsonObject(value)) {
    throw new AppError('protocol', `The service's answer to the ${action} is JSON but not an object.`, {
      maybeDelivered: action === 'trigger',
    });
  }
  return value;
}

/**
 * Turn each number JSON.parse read as Infinity (2e308, -1e400) into the
 * nearest double, ±Number.MAX_VALUE, in place and without recursion: the
 * same rounding JSON.parse gives every other number a double cannot carry.
 * The number as the service wrote it is kept in the call's responseText.
 */
export function finiteNumbers(value: JsonValue): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    const record = v as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === 'number' && !Number.isFinite(item)) {
        // defineProperty, so a key named "__proto__" stays an ordinary key.
        const nearest = item > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
        Object.defineProperty(record, key, {
          value: nearest,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else stack.push(item);
    }
  }
}

/** The top-level text, number, flag and null fields of an answer too deep to keep whole. */
export function topLevelScalars(json: JsonObject): JsonObject {
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'object' || value === null)
      Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return kept;
}

/**
 * The exact JSON text of an answer's `response`, as the service wrote it,
 * when reading it into JavaScript would change it: numbers JSON.parse would
 * round (12345678901234567890 becomes ...7000), or keys an object would list
 * in another order (integer-like keys such as "0" go first). Undefined
 * otherwise, which is nearly always, and then nothing extra is stored. The
 * text is the answer already masked of the call's secrets.
 */
export function exactResponseText(redacted: string): string | undefined {
  const inexact = firstInexactNumber(redacted) !== undefined;
  if (!inexact && !mayHoldIndexLikeKey(redacted)) return undefined;
  let member: string | undefined;
  let answer: unknown;
  try {
    answer = parseKeepingNumbers(redacted);
    if (typeof answer !== 'object' || answer === null || !Object.hasOwn(answer, 'response')) return undefined;
    member = memberValueText(redacted, 'response');
  } catch {
    return undefined;
  }
  const response = (answer as { response: unknown }).response;
  if (!inexact && !mayHaveReorderedKeys(response)) return undefined;
  // The text as written keeps both its numbers and its key order; should the scan miss it, the
  // numbers at least are kept by writing the value read with their source text.
  return member ?? JSON.stringify(response);
}

/**
 * The exact JSON text of a whole answer, for one whose status the spec does
 * not name (its body is kept as the call's response), when it holds numbers
 * JSON.parse would change (2e308, 12345678901234567890). Undefined otherwise.
 * The text is the answer already masked of the call's secrets, like the body kept.
 */
export function exactAnswerText(redacted: string): string | undefined {
  if (firstInexactNumber(redacted) === undefined) return undefined;
  try {
    return JSON.stringify(parseKeepingNumbers(redacted));
  } catch {
    return undefined;
  }
}
