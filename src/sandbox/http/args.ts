import type { Args } from '../responses.ts';

/**
 * GET arguments from the query string: values are strings, a key given more
 * than once becomes an array of its values in order (the spec says nothing
 * about repeats; this keeps every value). Built with fromEntries so a key
 * named `__proto__` stays an ordinary argument.
 */
export function queryArgs(rawQuery: string): Args {
  const values = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    const seen = values.get(key);
    if (seen === undefined) values.set(key, value);
    else if (Array.isArray(seen)) seen.push(value);
    else values.set(key, [seen, value]);
  }
  return Object.fromEntries(values);
}

export type BodyArgs = { ok: true; args: Args } | { ok: false; code: 'invalid_json' | 'body_not_object' };

/** POST arguments: the body must be a JSON object; its values keep their JSON types. */
export function bodyArgs(text: string): BodyArgs {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'invalid_json' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, code: 'body_not_object' };
  }
  return { ok: true, args: value as Args };
}
