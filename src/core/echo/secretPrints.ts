import { createCipheriv, createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { EchoPrints, SecretPrint } from '../../shared/models/echoPrints.ts';

/**
 * What a call's record keeps of each secret it carried (its token, each
 * secret field's value), so that any process reading the service's answers
 * for that call later can mask an echo of it without the secret being kept:
 * its length, its first characters each hashed under a key, and a keyed
 * digest of the whole. The keys come from a per-call salt under the desk's
 * mask key, which lives in the keychain beside the tokens (maskKeys.ts):
 * a copy of the data folder alone tells nothing about a secret, not even a
 * four-digit one. A process holding the mask key learns a secret's first
 * characters (to find where it may stand in an answer at the speed of a
 * regular expression) and can confirm a whole candidate, nothing more.
 */

/** How many leading characters a print names: enough to make candidates rare, few enough to say little. */
export const PREFIX = 3;

/** The forms a service may send a secret back in besides escapes: as written, and base64 (standard and URL-safe). */
export function secretForms(secret: string): string[] {
  const standard = Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, '');
  const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_');
  // base64 of a one- or two-character secret is as short as a word: matching it would mask ordinary text.
  const encoded = secret.length >= 3 ? [standard, urlSafe] : [];
  return [...new Set([secret, ...encoded])];
}

/**
 * The keys a call's salt gives under a mask key: one for the characters, one
 * for the digest. Key objects, made once per call: Node turns a key given as
 * bytes into one at every cipher or HMAC, which cost a call about 30 µs each.
 */
export type PrintParams = { charKey: KeyObject; macKey: KeyObject };

export function printParams(key: Buffer, salt: Buffer): PrintParams {
  const derived = createHmac('sha256', createSecretKey(key))
    .update('robot-tray echo mask\0')
    .update(salt)
    .digest();
  return {
    charKey: createSecretKey(derived.subarray(0, 16)),
    macKey: createSecretKey(derived.subarray(16, 32)),
  };
}

/**
 * The keyed hashes of code units at positions, `[position, code]` each: one
 * AES block each, so a whole table of them is one cipher call.
 */
export function keyedHashes(params: PrintParams, units: readonly (readonly [number, number])[]): number[] {
  const blocks = Buffer.alloc(units.length * 16);
  units.forEach(([position, code], k) => {
    blocks[k * 16] = position;
    blocks.writeUInt16LE(code, k * 16 + 1);
  });
  const cipher = createCipheriv('aes-128-ecb', params.charKey, null).setAutoPadding(false);
  const out = cipher.update(blocks);
  return units.map((_, k) => out.readUInt32LE(k * 16));
}

/** The keyed hashes of the code units `codes` at `position`. */
export function charHashes(params: PrintParams, position: number, codes: readonly number[]): number[] {
  return keyedHashes(
    params,
    codes.map((code) => [position, code] as const),
  );
}

/** The digest that confirms a candidate: 96 bits of HMAC-SHA-256, base64url. */
export function printDigest(macKey: KeyObject, text: string): string {
  return createHmac('sha256', macKey).update(text, 'utf8').digest().subarray(0, 12).toString('base64url');
}

export function printOf(params: PrintParams, form: string): SecretPrint {
  const lead: Array<[number, number]> = [];
  for (let i = 0; i < Math.min(PREFIX, form.length); i++) lead.push([i, form.charCodeAt(i)]);
  return {
    n: form.length,
    a: keyedHashes(params, lead),
    m: printDigest(params.macKey, form),
  };
}

/**
 * The prints of a call's secrets under `key` (named `ref` in the record: a
 * keychain key's id, or the key itself where no keychain could be used).
 * Empty secrets are left out; so are duplicates.
 */
export function makeEchoPrints(key: { ref: string; bytes: Buffer }, secrets: readonly string[]): EchoPrints {
  const salt = randomBytes(16);
  const params = printParams(key.bytes, salt);
  const forms = new Set<string>();
  for (const secret of secrets) if (secret !== '') for (const form of secretForms(secret)) forms.add(form);
  return {
    key: key.ref,
    salt: salt.toString('base64url'),
    prints: [...forms].map((form) => printOf(params, form)),
  };
}
