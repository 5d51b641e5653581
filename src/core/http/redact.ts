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
