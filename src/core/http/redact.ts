const MASK = '[redacted]';

/**
 * Remove a secret from text that is about to be shown or stored: an error
 * body might echo the header we sent. Also masks any `x-service-token: ...`
 * the text happens to carry.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  let out = text;
  if (secret !== undefined && secret.length > 0) out = out.split(secret).join(MASK);
  return out.replace(/(x-service-token["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, `$1${MASK}`);
}

/** The first characters of a body, on one line, for an error message. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}

/**
 * The same for a parsed JSON answer: every string and key that holds the
 * token is masked. A query answer is stored as the call's result, so a
 * service that echoes the header we sent must not put the token on disk.
 */
export function redactJson<T>(value: T, secret: string | undefined): T {
  if (secret === undefined || secret.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(secret) ? v.split(secret).join(MASK) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [walk(k) as string, walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}
