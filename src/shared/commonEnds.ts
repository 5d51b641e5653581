/*
 * How far two long texts agree from their start and from their end. Two
 * runs' 20 MB responses share nearly all of it; comparing a character at a
 * time took 150-500 ms over the shared end, comparing slices (equal strings
 * are compared as memory) takes a few.
 */

const CHUNK = 4096;

/** How many characters `a` and `b` share from their start. */
export function commonPrefix(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let n = 0;
  while (n + CHUNK <= shorter && a.slice(n, n + CHUNK) === b.slice(n, n + CHUNK)) n += CHUNK;
  while (n < shorter && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** How many characters `a` and `b` share at their end, at most `limit` (what is left past a shared start). */
export function commonSuffix(a: string, b: string, limit: number): number {
  let n = 0;
  while (
    n + CHUNK <= limit &&
    a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)
  )
    n += CHUNK;
  while (n < limit && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}
