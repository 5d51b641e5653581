/** Types for bin/cliEntry.js (plain JavaScript so any Node can load it). */
export function builtCliIsCurrent(root: string): boolean;
export function cliEntry(root: string, env?: Record<string, string | undefined>): string;
export function compileCacheDir(
  env?: Record<string, string | undefined>,
  platform?: string,
): string | undefined;
