import { randomBytes } from 'node:crypto';
import type { Call } from '../../shared/models/call.ts';
import type { EchoPrints } from '../../shared/models/echoPrints.ts';
import { EchoMask } from '../echo/echoMask.ts';
import { makeEchoPrints, printParams } from '../echo/secretPrints.ts';
import { AppError } from '../errors.ts';
import { KEYCHAIN_SERVICE, keychainError, loadKeytar, type SecretBackend } from './tokenVault.ts';

/** Keychain accounts of mask keys: `echo-mask-key:<id>`, beside the robots' tokens. */
const ACCOUNT_PREFIX = 'echo-mask-key:';
/** A call's prints made where no keychain could be used carry their key: `inline:<key>`. */
const INLINE = 'inline:';

const idOf = (account: string): string | undefined =>
  account.startsWith(ACCOUNT_PREFIX) ? account.slice(ACCOUNT_PREFIX.length) : undefined;

/**
 * Masks kept, by call and salt, the most recently used: every waiting call
 * is polled again and again, so each builds its mask once (about 0.3 ms of
 * CPU, 1.5 KB kept) while thousands wait. A call's mask goes when its
 * watching ends (forget).
 */
const MASKS_KEPT = 8192;

/**
 * The desk's mask key and the masks it makes. Each call's record keeps
 * prints of the secrets it carried (core/echo/secretPrints.ts), made under a
 * key kept in the keychain (`echo-mask-key:<id>`), so every process of this
 * desk can mask an echo of them and a copy of the data folder alone reveals
 * nothing. Where no keychain answers (a CI runner using --token-env), a
 * call's prints carry a key of their own: its tokens stay masked in every
 * process, but whoever reads the data folder could try short secret field
 * values against them (docs/SECURITY.md says so).
 *
 * Two processes creating the first key at once each keep their own: both
 * stay in the keychain under their ids, and every print names its key, so
 * neither process's prints become unreadable.
 */
export class EchoKeys {
  readonly #backend: () => Promise<SecretBackend>;
  readonly #keys = new Map<string, Promise<Buffer | undefined>>();
  #current: Promise<{ ref: string; bytes: Buffer } | undefined> | undefined;
  readonly #masks = new Map<string, Promise<EchoMask>>();

  constructor(backend?: SecretBackend) {
    this.#backend = backend ? () => Promise.resolve(backend) : loadKeytar;
  }

  /** Prints of the secrets a call is about to carry (empty ones left out), to keep with its record. */
  async prints(secrets: readonly string[]): Promise<EchoPrints> {
    const key = (await this.#currentKey()) ?? inlineKey();
    return makeEchoPrints(key, secrets);
  }

  /**
   * The mask of every secret a call carried, from the prints its record
   * keeps. A call recorded without prints masks nothing by them. When its
   * prints' key cannot be read (the keychain is locked or gone), this fails
   * with a keychain error: an answer that cannot be masked is not read.
   */
  maskFor(call: Pick<Call, 'id' | 'echoPrints'>): Promise<EchoMask> {
    const prints = call.echoPrints;
    if (prints === undefined || prints.prints.length === 0) return Promise.resolve(EchoMask.none);
    const id = maskId(call);
    let mask = this.#masks.get(id);
    if (mask === undefined) {
      mask = this.#build(prints);
      mask.catch(() => this.#masks.delete(id));
      if (this.#masks.size >= MASKS_KEPT) this.#masks.delete(this.#masks.keys().next().value!);
    } else {
      // Used again: it goes to the end of the line, the least recently used at the front.
      this.#masks.delete(id);
    }
    this.#masks.set(id, mask);
    return mask;
  }

  /** A call no longer watched lets its mask go (one asked for again is built again). */
  forget(call: Pick<Call, 'id' | 'echoPrints'>): void {
    if (call.echoPrints !== undefined) this.#masks.delete(maskId(call));
  }

  async #build(prints: EchoPrints): Promise<EchoMask> {
    const key = await this.#key(prints.key);
    if (key === undefined) {
      throw new AppError(
        'keychain',
        'Robot Tray cannot read the key that masks this call’s secrets in the answers (it is no longer in the system keychain), ' +
          'so the answer is not read. Stop the call, or fire it again.',
        { permanent: true },
      );
    }
    return EchoMask.of([
      { params: printParams(key, Buffer.from(prints.salt, 'base64url')), prints: prints.prints },
    ]);
  }

  #key(ref: string): Promise<Buffer | undefined> {
    if (ref.startsWith(INLINE)) return Promise.resolve(Buffer.from(ref.slice(INLINE.length), 'base64url'));
    let key = this.#keys.get(ref);
    if (key === undefined) {
      key = this.#read(ref);
      // A keychain that failed (locked for a moment) is asked again next time; a key it does not have is not.
      key.catch(() => this.#keys.delete(ref));
      this.#keys.set(ref, key);
    }
    return key;
  }

  async #read(id: string): Promise<Buffer | undefined> {
    const backend = await this.#open('read the answer mask key');
    try {
      const value = await backend.getPassword(KEYCHAIN_SERVICE, ACCOUNT_PREFIX + id);
      return value === null ? undefined : Buffer.from(value, 'base64url');
    } catch (error) {
      throw keychainError('read the answer mask key', error);
    }
  }

  /** The key new prints are made with: the keychain's (made there the first time), or none when it cannot be used. */
  #currentKey(): Promise<{ ref: string; bytes: Buffer } | undefined> {
    this.#current ??= this.#findOrMake().catch(() => {
      // Asked again at the next fire: a keychain unlocked meanwhile is then used.
      this.#current = undefined;
      return undefined;
    });
    return this.#current;
  }

  async #findOrMake(): Promise<{ ref: string; bytes: Buffer }> {
    const backend = await this.#open('read the answer mask key');
    const found = await this.#first(backend);
    if (found !== undefined) return found;
    // A keychain that cannot list its entries keeps one key under a fixed id.
    const id = backend.findCredentials === undefined ? 'desk' : randomBytes(8).toString('hex');
    await backend.setPassword(KEYCHAIN_SERVICE, ACCOUNT_PREFIX + id, randomBytes(32).toString('base64url'));
    // Another process may have made one at the same moment: every process settles on the lowest id it sees.
    const settled = await this.#first(backend);
    if (settled === undefined) throw new Error('the key just stored could not be read back');
    this.#keys.set(settled.ref, Promise.resolve(settled.bytes));
    return settled;
  }

  async #first(backend: SecretBackend): Promise<{ ref: string; bytes: Buffer } | undefined> {
    if (backend.findCredentials === undefined) {
      const value = await backend.getPassword(KEYCHAIN_SERVICE, `${ACCOUNT_PREFIX}desk`);
      return value === null ? undefined : { ref: 'desk', bytes: Buffer.from(value, 'base64url') };
    }
    const entries = (await backend.findCredentials(KEYCHAIN_SERVICE))
      .map(({ account, password }) => ({ id: idOf(account), password }))
      .filter((e): e is { id: string; password: string } => e.id !== undefined)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const first = entries[0];
    return first === undefined
      ? undefined
      : { ref: first.id, bytes: Buffer.from(first.password, 'base64url') };
  }

  async #open(action: string): Promise<SecretBackend> {
    try {
      return await this.#backend();
    } catch (error) {
      throw keychainError(action, error);
    }
  }
}

const maskId = (call: Pick<Call, 'id' | 'echoPrints'>): string => `${call.id}\n${call.echoPrints?.salt}`;

function inlineKey(): { ref: string; bytes: Buffer } {
  const bytes = randomBytes(32);
  return { ref: INLINE + bytes.toString('base64url'), bytes };
}
