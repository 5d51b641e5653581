const MASK = '[redacted]';

/**
 * Every way a service can send a token back in text: as is, JSON-escaped
 * (`\/`, `\u002b`, any mix), percent-encoded (either hex case, `+` for a
 * space), or base64 (standard or URL-safe, padded or not). One pattern per
 * token, cached: redaction runs on every error body and stored answer.
 */
const patterns = new Map<string, RegExp>();

function hexCases(hex: string): string {
  return [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** The alternatives one character of the token may appear as. */
function characterForms(ch: string): string {
  const code = ch.charCodeAt(0);
  const u = code.toString(16).padStart(4, '0');
  const forms = [escapeRegExp(ch), `\\\\u${hexCases(u)}`];
  if (code < 0x80) forms.push(`%${hexCases(u.slice(2))}`);
  if (ch === '/') forms.push('\\\\/');
  // First, before the character alone: a backslash alone is a prefix of its escape, so a token
  // ending in one would leave the escape's second backslash behind ("[redacted]\").
  if (ch === '"' || ch === '\\') forms.unshift(`\\\\${escapeRegExp(ch)}`);
  if (ch === ' ') forms.push('\\+');
  return `(?:${forms.join('|')})`;
}

function base64Forms(secret: string): string[] {
  const standard = Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, '');
  const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_');
  return [...new Set([standard, urlSafe])].map((b) => `${escapeRegExp(b)}=*`);
}

export function secretPattern(secret: string): RegExp {
  let pattern = patterns.get(secret);
  if (pattern === undefined) {
    const spelled = [...secret].map(characterForms).join('');
    pattern = new RegExp([spelled, ...base64Forms(secret)].join('|'), 'g');
    // A handful of tokens per process; never let the cache grow without bound.
    if (patterns.size > 64) patterns.clear();
    patterns.set(secret, pattern);
  }
  return pattern;
}

/**
 * The tokens an answer must be masked of: one, or several when the call may
 * have carried another than the robot's current one (a token set anew
 * between the trigger and a later poll).
 */
export type Secrets = string | readonly string[] | undefined;

function secretList(secrets: Secrets): string[] {
  if (secrets === undefined) return [];
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  // Longest first: a token inside another must not break the longer one's mask.
  return [...new Set(list.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
}

/** Whether `text` holds any of the secrets in any of the forms a service could send it back in. */
export function containsSecret(text: string, secrets: Secrets): boolean {
  return secretList(secrets).some((secret) => {
    const pattern = secretPattern(secret);
    pattern.lastIndex = 0;
    return pattern.test(text);
  });
}

/**
 * Remove a secret from text that is about to be shown or stored: an error
 * body might echo the header we sent, escaped or encoded. Also masks any
 * `x-service-token: ...` the text happens to carry.
 */
export function redactSecret(text: string, secrets: Secrets): string {
  let out = text;
  for (const secret of secretList(secrets)) out = out.replace(secretPattern(secret), MASK);
  return out.replace(/(x-service-token["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, `$1${MASK}`);
}

/** The first characters of a body, on one line, for an error message. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}

/**
 * The same for a parsed JSON answer: every string and key that holds the
 * token, in any form, is masked. A query answer is stored as the call's
 * result, so a service that echoes the header we sent must not put the token
 * on disk. Keys are kept as data (a "__proto__" key stays a key).
 */
export function redactJson<T>(value: T, secrets: Secrets): T {
  const patterns = secretList(secrets).map(secretPattern);
  if (patterns.length === 0) return value;
  const text = (s: string): string =>
    patterns.reduce((out, pattern) => {
      pattern.lastIndex = 0;
      return pattern.test(out) ? out.replace(pattern, MASK) : out;
    }, s);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [text(k), walk(inner)]));
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * `value` (parsed from `text`) redacted of the secret, as redactJson does,
 * without walking it when it cannot hold the secret: a text with no escape
 * in it holds every parsed string and key as written, so when the text holds
 * no form of the secret neither does any of them. That is nearly every
 * answer, and one scan of the text is far cheaper than a walk and a copy.
 */
export function redactParsedJson<T>(value: T, text: string, secrets: Secrets): T {
  if (secretList(secrets).length === 0) return value;
  if (!text.includes('\\') && !containsSecret(text, secrets)) return value;
  return redactJson(value, secrets);
}
