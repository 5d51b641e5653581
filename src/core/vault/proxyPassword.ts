import { AppError } from '../errors.ts';
import { KEYCHAIN_SERVICE, keychainError, loadKeytar, type SecretBackend } from './tokenVault.ts';

/** The keychain account of the manual proxy's password (robot accounts are their ids). */
export const PROXY_PASSWORD_ACCOUNT = 'proxy-password';

/**
 * The manual proxy's password, in the OS keychain beside the robot tokens,
 * never in a settings file. Like tokens, no plaintext fallback.
 */
export class ProxyPasswordVault {
  readonly #backend: () => Promise<SecretBackend>;

  constructor(backend?: SecretBackend) {
    this.#backend = backend ? () => Promise.resolve(backend) : loadKeytar;
  }

  async set(password: string): Promise<void> {
    if (password === '' || password.length > 1024 || /[\r\n]/.test(password) || password.includes('\0')) {
      throw new AppError('validation', 'proxy password: must be one line of 1 to 1,024 characters.');
    }
    await this.#run('store the proxy password', (k) =>
      k.setPassword(KEYCHAIN_SERVICE, PROXY_PASSWORD_ACCOUNT, password),
    );
  }

  async get(): Promise<string | undefined> {
    const value = await this.#run('read the proxy password', (k) =>
      k.getPassword(KEYCHAIN_SERVICE, PROXY_PASSWORD_ACCOUNT),
    );
    return value ?? undefined;
  }

  async delete(): Promise<boolean> {
    return this.#run('delete the proxy password', (k) =>
      k.deletePassword(KEYCHAIN_SERVICE, PROXY_PASSWORD_ACCOUNT),
    );
  }

  async #run<T>(action: string, op: (backend: SecretBackend) => Promise<T>): Promise<T> {
    try {
      return await op(await this.#backend());
    } catch (error) {
      throw error instanceof AppError ? error : keychainError(action, error);
    }
  }
}
