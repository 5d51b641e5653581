/**
 * Kinds of failure a user can meet. The UI, the tray and the CLI render an
 * error's message; they do not re-derive it from the kind. Kept free of zod
 * so light entry points can name the kinds without loading the schemas.
 */
export const errorKinds = [
  'network',
  'timeout',
  'http',
  'protocol',
  'keychain',
  'validation',
  'not-found',
  /** The data folder or the history cannot be used: read-only, not a folder, disk full. */
  'storage',
  /** Another process holds the data (a JSON file's lock, the history's lock) past a short wait: try again. */
  'busy',
  /**
   * A change to where a secret travels that was not confirmed (main's dialog
   * cancelled, the CLI without --confirm-trust): nothing was changed.
   */
  'unconfirmed',
  'internal',
] as const;

export type ErrorKind = (typeof errorKinds)[number];
