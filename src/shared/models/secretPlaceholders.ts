import type { JsonObject, JsonValue } from './json.ts';

/** What the history keeps in place of a secret field's value. */
export function secretPlaceholder(name: string): string {
  return `(secret field ${name}, not kept)`;
}

const PLACEHOLDER = /^\(secret field ([A-Za-z][A-Za-z0-9_-]*), not kept\)$/;

function mapStrings(value: JsonValue, replace: (text: string) => JsonValue): JsonValue {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace));
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, key, {
      value: mapStrings(item, replace),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/**
 * The secret fields whose values a recorded call's arguments left out (each
 * name once, in order): firing that call again needs them given again.
 */
export function secretFieldsIn(args: JsonObject): string[] {
  const names = new Set<string>();
  mapStrings(args, (text) => {
    const name = PLACEHOLDER.exec(text)?.[1];
    if (name !== undefined) names.add(name);
    return text;
  });
  return [...names];
}

/** A recorded call's arguments with each secret placeholder replaced by `value(name)`. */
export function withSecretsFilled(args: JsonObject, value: (name: string) => JsonValue): JsonObject {
  return mapStrings(args, (text) => {
    const name = PLACEHOLDER.exec(text)?.[1];
    return name === undefined ? text : value(name);
  }) as JsonObject;
}
