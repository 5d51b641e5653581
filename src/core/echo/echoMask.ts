import { type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretPrint } from '../../shared/models/echoPrints.ts';
import {
  charHashes,
  PREFIX,
  printDigest,
  printParams,
  secretForms,
  type PrintParams,
} from './secretPrints.ts';
import { leadPattern, readSpelled } from './spellings.ts';

export const MASK = '[redacted]';

/** A secret this short is masked only where it stands alone (a whole value, a whole word), never inside others. */
const SHORT = 4;

/** The prints of one call (or of secrets at hand), with the keys that made them. */
export type PrintSet = { params: PrintParams; prints: readonly SecretPrint[] };

/** A secret as the scan looks for it: its first characters, its length and the digest that confirms it. */
type Sought = { lead: string; n: number; macKey: KeyObject; digest: Buffer };

/** A span of the text to mask: [start, end) in UTF-16 code units. */
type Span = [number, number];

/**
 * The code units of each leading position, by their keyed hash under one
 * call's keys: ASCII first (one cipher call), the rest of the 16-bit range
 * only for a print that needs it.
 */
class LeadTables {
  readonly #params: PrintParams;
  readonly #tables = new Map<string, Map<number, number>>();

  constructor(params: PrintParams) {
    this.#params = params;
  }

  code(position: number, hash: number): number | undefined {
    for (const [from, to] of [
      [0, 0x80],
      [0x80, 0x1_0000],
    ] as const) {
      const id = `${position}:${from}`;
      let table = this.#tables.get(id);
      if (table === undefined) {
        const codes = Array.from({ length: to - from }, (_, k) => from + k);
        const hashes = charHashes(this.#params, position, codes);
        table = new Map(hashes.map((h, k) => [h, from + k]));
        this.#tables.set(id, table);
      }
      const code = table.get(hash);
      if (code !== undefined) return code;
    }
    return undefined;
  }
}

function soughtOf(set: PrintSet): Sought[] {
  const tables = new LeadTables(set.params);
  const out: Sought[] = [];
  for (const print of set.prints) {
    let lead = '';
    for (const [position, hash] of print.a.entries()) {
      const code = tables.code(position, hash);
      if (code === undefined) break;
      lead += String.fromCharCode(code);
    }
    // A print these keys cannot read (made under another key) finds nothing; it never masks at random.
    if (lead.length !== Math.min(PREFIX, print.n)) continue;
    out.push({ lead, n: print.n, macKey: set.params.macKey, digest: Buffer.from(print.m) });
  }
  return out;
}

const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** A short secret counts only where it stands alone: no letter or digit right before or after it. */
function standsAlone(text: string, start: number, end: number): boolean {
  return (start === 0 || !isWordCode(text.charCodeAt(start - 1))) && !isWordCode(text.charCodeAt(end));
}

function confirms(s: Sought, window: string): boolean {
  if (!window.startsWith(s.lead)) return false;
  const got = Buffer.from(printDigest(s.macKey, window));
  return got.length === s.digest.length && timingSafeEqual(got, s.digest);
}

function merged(spans: Span[], text: string): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [start, rawEnd] of spans) {
    // A base64 form's padding goes with it.
    let end = rawEnd;
    while (end < text.length && end - rawEnd < 2 && text[end] === '=') end++;
    const last = out.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

const isTokenCode = (c: number): boolean => isWordCode(c) || c === 46 || c === 43 || c === 45;

/**
 * JSON text with each span masked so that it stays JSON: inside a string the
 * span becomes `[redacted]`; a number or word outside strings becomes the
 * string "[redacted]" whole. A span across a string's quotes (a secret that
 * holds `","`) is masked all the same; should the answer then no longer be
 * JSON, it is refused as such rather than kept with the secret in it.
 */
function maskJsonSpans(text: string, spans: readonly Span[]): string {
  let at = 0;
  let inString = false;
  /** Reads on to `to`, keeping track of strings; says whether a string's quote was passed. */
  const advance = (to: number): boolean => {
    let crossed = false;
    for (; at < to; at++) {
      const c = text.charCodeAt(at);
      if (inString && c === 92) at++;
      else if (c === 34) {
        inString = !inString;
        crossed = true;
      }
    }
    return crossed;
  };
  let out = '';
  let copied = 0;
  for (const [start, end] of spans) {
    if (start < copied) continue;
    advance(start);
    const inside = inString;
    if (advance(end) || inside) {
      out += text.slice(copied, start) + MASK;
      copied = end;
      continue;
    }
    let from = start;
    let to = end;
    while (from > copied && isTokenCode(text.charCodeAt(from - 1))) from--;
    while (to < text.length && isTokenCode(text.charCodeAt(to))) to++;
    out += text.slice(copied, from) + `"${MASK}"`;
    copied = to;
    advance(to);
  }
  return out + text.slice(copied);
}

/**
 * The masks of secrets this process holds in memory anyway (the tokens it
 * sends, a call's secret field values), by those secrets, the most recent
 * few: in memory only, like the secrets themselves.
 */
const recentSecretMasks = new Map<string, EchoMask>();
const SECRET_MASKS_KEPT = 64;

/** This process's own key, for secrets it holds in memory (a token it is about to send). */
const processParams = printParams(randomBytes(32), randomBytes(16));

/**
 * Masks every secret a call carried out of what the service answered for
 * it, in whichever process reads the answer: from the prints the call's
 * record keeps (secretPrints.ts) and from secrets this process holds now.
 * Finds each as written, JSON-escaped (`\/`, `\u002b`, any mix),
 * percent-encoded (either hex case, `+` for a space) or in base64 (standard
 * or URL-safe, padded or not). One regular-expression pass over the text
 * finds where a secret's first characters stand; each such place is read
 * on and confirmed by its keyed digest.
 */
export class EchoMask {
  readonly #sought: Sought[];
  readonly #pattern: RegExp | undefined;
  /** This mask joined with others (a token's with each call's), kept while the other lives. */
  readonly #joined = new WeakMap<EchoMask, EchoMask>();

  private constructor(sought: Sought[]) {
    this.#sought = sought;
    this.#pattern = sought.length === 0 ? undefined : leadPattern(sought.map((s) => s.lead));
  }

  static readonly none = new EchoMask([]);

  static of(sets: readonly PrintSet[]): EchoMask {
    return new EchoMask(sets.flatMap(soughtOf));
  }

  /** A mask of secrets held in memory now (a token about to be sent). */
  static ofSecrets(secrets: readonly (string | undefined)[]): EchoMask {
    // Every trigger and status query masks its robot's token: built once, not per request.
    const id = secrets.join('\0');
    const known = recentSecretMasks.get(id);
    if (known !== undefined) return known;
    const forms = new Set<string>();
    for (const secret of secrets)
      if (secret !== undefined && secret !== '') for (const form of secretForms(secret)) forms.add(form);
    const mask = new EchoMask(
      [...forms].map((form) => ({
        lead: form.slice(0, PREFIX),
        n: form.length,
        macKey: processParams.macKey,
        digest: Buffer.from(printDigest(processParams.macKey, form)),
      })),
    );
    if (recentSecretMasks.size >= SECRET_MASKS_KEPT)
      recentSecretMasks.delete(recentSecretMasks.keys().next().value!);
    recentSecretMasks.set(id, mask);
    return mask;
  }

  /** This mask and another together; built once per pair, since building compiles a pattern. */
  with(other: EchoMask): EchoMask {
    if (other.empty) return this;
    if (this.empty) return other;
    let joined = this.#joined.get(other);
    if (joined === undefined) {
      joined = new EchoMask([...this.#sought, ...other.#sought]);
      this.#joined.set(other, joined);
    }
    return joined;
  }

  get empty(): boolean {
    return this.#sought.length === 0;
  }

  /** Where the secrets stand in `text`, in any spelling; merged and in order. */
  spans(text: string): Array<[number, number]> {
    const pattern = this.#pattern;
    if (pattern === undefined) return [];
    const spans: Span[] = [];
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      const at = found.index;
      for (const s of this.#sought) {
        // The longest spelling that confirms: `bk\\` is "bk\" escaped, not "bk\" and a stray backslash.
        let end = -1;
        for (const spelling of ['written', 'json', 'url'] as const) {
          const read = readSpelled(text, at, s.n, spelling);
          if (read !== undefined && read[1] > end && confirms(s, read[0])) end = read[1];
        }
        if (end !== -1 && (s.n >= SHORT || standsAlone(text, at, end))) spans.push([at, end]);
      }
      // Every place, overlapping ones too ("aab" inside "aaab").
      pattern.lastIndex = at + 1;
    }
    return merged(spans, text);
  }

  contains(text: string): boolean {
    return this.spans(text).length > 0;
  }

  /**
   * `text` with every secret masked. As `json`, the answer stays JSON where
   * the secret sat inside a value (see maskJsonSpans); as plain text (an
   * error page), an `x-service-token: …` it carries is masked too, whatever
   * the token.
   */
  mask(text: string, as: 'json' | 'text'): string {
    const spans = this.spans(text);
    if (as === 'json') return spans.length === 0 ? text : maskJsonSpans(text, spans);
    let out = '';
    let copied = 0;
    for (const [start, end] of spans) {
      out += text.slice(copied, start) + MASK;
      copied = end;
    }
    return maskHeaderEchoes(out + text.slice(copied));
  }
}

/** Any `x-service-token: …` a text carries (an error page echoing our request), whatever the token. */
export function maskHeaderEchoes(text: string): string {
  return text.replace(/(x-service-token["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, `$1${MASK}`);
}
