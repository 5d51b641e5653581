import type { JsonObject, JsonValue } from '../shared/models/json.ts';
import { usageError } from './cliError.ts';
import { firstInexactNumber, keepsExactValue } from '../shared/exactNumbers.ts';

/**
 * Robot arguments from the command line. Pure: no I/O, no core, so it is
 * cheap to load and tested on its own.
 *
 *   --arg key=value    the value as JSON when it is valid JSON, else a string
 *   --arg key:=value   the value always as a string
 *   --arg a.b=value    sets key b inside object a (a\.b is one key with a dot)
 *   --args JSON        a JSON object; several merge in order, key by key at the top
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
  for (const step of argPath(key, text)) checkName(step, '--arg');
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

/** What the command line changes in a set of arguments: --args objects, then --arg pairs. */
export type ArgChanges = {
  objects: JsonObject[];
  pairs: Array<{ path: string[]; value: JsonValue; text: string }>;
};

export function parseArgChanges(argsJson: readonly string[], pairs: readonly string[]): ArgChanges {
  return {
    objects: argsJson.map((text) => {
      const object = parseArgsJson(text);
      for (const key of Object.keys(object)) checkName(key, '--args');
      return object;
    }),
    pairs: pairs.map((text) => {
      const [key, value] = parseArgPair(text);
      return { path: argPath(key, text), value, text };
    }),
  };
}

/**
 * The changes applied over `base` (a preset's or a past call's arguments, or
 * none): each --args object sets the top-level keys it names, whole (a key's
 * old value goes, nested fields included); then each --arg sets one value at
 * its path, creating objects on the way and keeping their other keys.
 */
export function applyArgChanges(base: JsonObject, changes: ArgChanges): JsonObject {
  let args: JsonObject = { ...base };
  for (const object of changes.objects) args = { ...args, ...object };
  for (const pair of changes.pairs) args = setAt(args, pair.path, pair.value, pair.text);
  return args;
}

/** Every --args object in order, then every --arg pair in order: later ones win. */
export function buildArgs(argsJson: readonly string[], pairs: readonly string[]): JsonObject {
  return applyArgChanges({}, parseArgChanges(argsJson, pairs));
}

/**
 * An --arg key as a path: split at each `.`, where `\.` is a dot inside a
 * name and `\\` a backslash. `customer.id` is ["customer", "id"];
 * `customer\.id` is ["customer.id"].
 */
export function argPath(key: string, text = key): string[] {
  const path: string[] = [];
  let name = '';
  for (let i = 0; i < key.length; i++) {
    const ch = key[i]!;
    if (ch === '\\' && (key[i + 1] === '.' || key[i + 1] === '\\')) name += key[++i]!;
    else if (ch === '.') {
      path.push(name);
      name = '';
    } else name += ch;
  }
  path.push(name);
  if (path.some((step) => step === '')) {
    throw usageError(
      `--arg ${text}: an empty name in the path "${key}". Write a dot inside a name as \\. (such as a\\.b=1).`,
    );
  }
  return path;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setAt(target: JsonObject, path: readonly string[], value: JsonValue, text: string): JsonObject {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...target, [head]: value };
  const inner = Object.hasOwn(target, head) ? target[head] : undefined;
  if (inner !== undefined && !isObject(inner)) {
    throw usageError(
      `--arg ${text}: "${head}" holds ${Array.isArray(inner) ? 'a list' : JSON.stringify(inner)}, not an object, so it has no key "${rest[0]}". ` +
        `Set it whole (--arg ${head}='{...}'), or write a dot inside a name as \\.`,
    );
  }
  return { ...target, [head]: setAt(inner ?? {}, rest, value, text) };
}

/** Removes the value at a path; false when there was none. */
export function removeAt(target: JsonObject, path: readonly string[]): JsonObject | undefined {
  const [head, ...rest] = path as [string, ...string[]];
  if (!Object.hasOwn(target, head)) return undefined;
  if (rest.length === 0) {
    const { [head]: _removed, ...others } = target;
    return others;
  }
  const inner = target[head];
  if (!isObject(inner)) return undefined;
  const changed = removeAt(inner, rest);
  return changed === undefined ? undefined : { ...target, [head]: changed };
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
