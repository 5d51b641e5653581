import path from 'node:path';

/**
 * A `--ca-file FILE` / `--no-ca-file` value as a change: the file as an
 * absolute path (the app reads it from elsewhere than this shell's folder),
 * `null` to drop it, `undefined` to leave it as it is.
 */
export function caFileChange(value: string | false | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === false ? null : path.resolve(value);
}
