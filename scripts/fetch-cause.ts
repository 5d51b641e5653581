/**
 * Loaded (`--import`) into Electron's installer by ensure-electron.ts. The
 * installer prints only its error's stack, and a failed download's is
 * "TypeError: fetch failed" with the reason in `cause`, which a stack never
 * shows: here a failed fetch is thrown again with the address it asked and
 * the reason (getaddrinfo ENOTFOUND github.com, a certificate refused) in
 * its first line.
 */
const fetchAsGiven = globalThis.fetch;

/** The reason under an error: its code and message, and those of its own cause. */
export function causeWords(error: unknown): string {
  const words: string[] = [];
  let at: unknown = error;
  for (let depth = 0; depth < 4 && at instanceof Error; depth++) {
    const code = (at as { code?: unknown }).code;
    const text = at.message;
    words.push(typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text);
    at = at.cause;
  }
  return words.join(': ');
}

globalThis.fetch = async (input, init) => {
  try {
    return await fetchAsGiven(input, init);
  } catch (error) {
    const url = input instanceof Request ? input.url : String(input);
    throw new Error(`fetch failed for ${url}: ${causeWords((error as Error).cause ?? error)}`, {
      cause: error,
    });
  }
};
