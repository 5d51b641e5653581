import { AppError } from '../errors.ts';
import { KEYCHAIN_SERVICE, keychainError, loadKeytar, type SecretBackend } from './tokenVault.ts';

const ACCOUNT_PREFIX = 'proxy-password@';

/**
 * The keychain account of the password for the proxy at `origin`. Bound by
 * account as a token is to its robot's origin: a proxy address changed
 * without confirmation finds no password, so none is sent to it.
 */
export function proxyPasswordAccount(origin: string): string {
  return `${ACCOUNT_PREFIX}${origin}`;
}

/**
 * The manual proxy's password, in the OS keychain beside the robot tokens,
 * never in a settings file; one per proxy address. Like tokens, no plaintext
 * fallback.
 */
export class ProxyPasswordVault {
  readonly #backend: () => Promise<SecretBackend>;

  constructor(backend?: SecretBackend) {
    this.#backend = backend ? () => Promise.resolve(backend) : loadKeytar;
  }

  async set(origin: string, password: string): Promise<void> {
    if (password === '' || password.length > 1024 || /[\r\n]/.test(password) || password.includes('\0')) {
      throw new AppError('validation', 'proxy password: must be one line of 1 to 1,024 characters.');
    }
    await this.#run('store the proxy password', (k) =>
      k.setPassword(KEYCHAIN_SERVICE, proxyPasswordAccount(origin), password),
    );
  }

  /** The password stored for the proxy at exactly this origin. */
  async get(origin: string): Promise<string | undefined> {
    const value = await this.#run('read the proxy password', (k) =>
      k.getPassword(KEYCHAIN_SERVICE, proxyPasswordAccount(origin)),
    );
    return value ?? undefined;
  }

  /** Someone confirmed the password goes with the proxy to `to`: written there, then deleted at `from`. */
  async move(from: string, to: string): Promise<boolean> {
    return this.#run('move the proxy password', async (k) => {
      const value = await k.getPassword(KEYCHAIN_SERVICE, proxyPasswordAccount(from));
      if (value === null) return false;
      await k.setPassword(KEYCHAIN_SERVICE, proxyPasswordAccount(to), value);
      await k.deletePassword(KEYCHAIN_SERVICE, proxyPasswordAccount(from));
      return true;
    });
  }

  /** Deletes the password of every proxy address (those named, and any other the keychain lists). */
  async deleteAll(origins: readonly string[]): Promise<boolean> {
    return this.#run('delete the proxy password', async (k) => {
      const accounts = new Set(origins.map(proxyPasswordAccount));
      const listed = k.findCredentials === undefined ? [] : await k.findCredentials(KEYCHAIN_SERVICE);
      for (const { account } of listed) if (account.startsWith(ACCOUNT_PREFIX)) accounts.add(account);
      let any = false;
      for (const account of accounts) if (await k.deletePassword(KEYCHAIN_SERVICE, account)) any = true;
      return any;
    });
  }

  async #run<T>(action: string, op: (backend: SecretBackend) => Promise<T>): Promise<T> {
    try {
      return await op(await this.#backend());
    } catch (error) {
      throw error instanceof AppError ? error : keychainError(action, error);
    }
  }
}
