import type { JsonObject, JsonValue } from '../shared/models/json.ts';
import { usageError } from './cliError.ts';
import { firstInexactNumber, keepsExactValue } from '../shared/exactNumbers.ts';

/**
 * Robot arguments from the command line. Pure: no I/O, no core, so it is
 * cheap to load and tested on its own.
 *
 *   --arg key=value    the value as JSON when it is valid JSON, else a string
 *   --arg key:=value   the value always as a string
 *   --args JSON        a JSON object; several merge in order
 *
 * The separator is the first `=`: when a `:` comes right before it, it is
 * `:=`. So `url:=https://x/?a=1` keeps the whole URL as text, and a key can
 * never contain `=`.
 */
export function parseArgPair(text: string): [key: string, value: JsonValue] {
  const at = text.indexOf('=');
  if (at < 0) {
    throw usageError(`--arg ${text}: expected key=value (or key:=value to keep the value as text).`);
  }
  const asText = at > 0 && text[at - 1] === ':';
  const key = text.slice(0, asText ? at - 1 : at);
  if (key === '') throw usageError(`--arg ${text}: the argument name before "=" is empty.`);
  checkName(key, '--arg');
  const raw = text.slice(at + 1);
  return [key, asText ? raw : jsonOrText(raw)];
}

/**
 * A long run of digits is an id more often than a number, and JSON numbers
 * past 2^53 lose digits when read (12345678901234567890 would arrive as
 * 12345678901234567000), so such a value stays text rather than be changed;
 * so does a decimal with more digits than a double keeps.
 */
function jsonOrText(raw: string): JsonValue {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  // A number a double cannot hold exactly (12345678901234567890, 123456789012345678.5,
  // 1e400) would arrive changed: keep what was typed, as text.
  if (typeof value === 'number' && !keepsExactValue(raw)) return raw;
  if (typeof value === 'object' && value !== null) {
    const inexact = firstInexactNumber(raw);
    if (inexact !== undefined) throw inexactNumberError('--arg', inexact);
  }
  return value as JsonValue;
}

export function parseArgsJson(text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `--args: not valid JSON (${(error as Error).message}). Give an object such as '{"customer":"C-17"}'.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError(`--args: must be a JSON object such as '{"customer":"C-17"}'.`);
  }
  const inexact = firstInexactNumber(text);
  if (inexact !== undefined) throw inexactNumberError('--args', inexact);
  return value as JsonObject;
}

/** Every --args object in order, then every --arg pair in order: later ones win. */
export function buildArgs(argsJson: readonly string[], pairs: readonly string[]): JsonObject {
  const entries = new Map<string, JsonValue>();
  for (const text of argsJson)
    for (const [key, value] of Object.entries(parseArgsJson(text))) {
      checkName(key, '--args');
      entries.set(key, value);
    }
  for (const text of pairs) {
    const [key, value] = parseArgPair(text);
    entries.set(key, value);
  }
  return Object.fromEntries(entries) as JsonObject;
}

function inexactNumberError(option: string, typed: string) {
  return usageError(
    `${option}: the number ${typed.slice(0, 40)} has more digits than a JSON number keeps, so it would be sent changed. ` +
      'Quote it to send it as text exactly as typed.',
  );
}

/** "__proto__" cannot be an object key in JavaScript, so it would vanish on the way. */
function checkName(key: string, option: string): void {
  if (key === '__proto__')
    throw usageError(`${option}: "__proto__" cannot be used as an argument name; rename it.`);
}

/** Commander's collector for repeatable options. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
