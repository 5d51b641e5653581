import { INSTALL_KEYRING } from '../../shared/sentences/keyring.ts';
import { tokenProblem } from '../../shared/limits.ts';
import { AppError } from '../errors.ts';

export const KEYCHAIN_SERVICE = 'robot-tray';

/** The part of keytar Robot Tray uses; tests may hand in the real one. */
export type SecretBackend = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  /** Every entry of the service (keytar has it); used to delete all of a robot's entries. */
  findCredentials?(service: string): Promise<Array<{ account: string; password: string }>>;
};

/**
 * The keychain account of a robot's token for one origin. Binding by account
 * means a token can only ever be read for the origin it was stored for.
 */
export function tokenAccount(robotId: string, origin: string): string {
  return `${robotId}@${origin}`;
}

/**
 * Robot tokens in the OS keychain (service `robot-tray`, account
 * `robotId@origin`, see tokenAccount). There is never a plaintext fallback:
 * when the keychain cannot be used, every operation fails with a `keychain`
 * error telling people what to do.
 */
export class TokenVault {
  readonly #backend: () => Promise<SecretBackend>;
  /** Tokens given for this process only (the CLI's --token-env): used, never stored. */
  readonly #given = new Map<string, string>();

  constructor(backend?: SecretBackend) {
    // keytar is loaded on first use: it is a native module, and the CLI must
    // start fast for commands that never touch a token.
    this.#backend = backend ? () => Promise.resolve(backend) : loadKeytar;
  }

  async set(robotId: string, origin: string, token: string): Promise<void> {
    const clean = checkedToken(token);
    const account = tokenAccount(robotId, origin);
    await this.#run('store the token', async (k) => k.setPassword(KEYCHAIN_SERVICE, account, clean));
  }

  /**
   * Use this token for the robot in this process instead of the keychain's,
   * for machines where no keychain can be unlocked (cron, CI). It is checked
   * like a stored one and lives only in memory.
   */
  useForThisProcess(robotId: string, token: string): void {
    this.#given.set(robotId, checkedToken(token));
  }

  /** The token given for this process (--token-env), if any. */
  given(robotId: string): string | undefined {
    return this.#given.get(robotId);
  }

  /** The token stored for the robot at exactly this origin. */
  async get(robotId: string, origin: string): Promise<string | undefined> {
    const account = tokenAccount(robotId, origin);
    const value = await this.#run('read the token', (k) => k.getPassword(KEYCHAIN_SERVICE, account));
    return value ?? undefined;
  }

  async delete(robotId: string, origin: string): Promise<boolean> {
    const account = tokenAccount(robotId, origin);
    return this.#run('delete the token', (k) => k.deletePassword(KEYCHAIN_SERVICE, account));
  }

  /**
   * Move a stored token to another origin's account, as stored: written at
   * `to` before it is deleted at `from`, so it is never lost. Says whether
   * there was one to move.
   */
  async move(robotId: string, from: string, to: string): Promise<boolean> {
    const source = tokenAccount(robotId, from);
    const target = tokenAccount(robotId, to);
    return this.#run('move the token', async (k) => {
      const value = await k.getPassword(KEYCHAIN_SERVICE, source);
      if (value === null) return false;
      await k.setPassword(KEYCHAIN_SERVICE, target, value);
      if (source === target) return true;
      try {
        await k.deletePassword(KEYCHAIN_SERVICE, source);
      } catch (error) {
        // Another process moving it too may have deleted it first; only an entry still there is a failure.
        if ((await k.getPassword(KEYCHAIN_SERVICE, source)) !== null) throw error;
      }
      return true;
    });
  }

  /**
   * Delete every entry of the robot: the origins named, and any other
   * `robotId@…` account the keychain lists. Says whether any existed.
   */
  async deleteAll(robotId: string, origins: readonly string[]): Promise<boolean> {
    return this.#run('delete the token', async (k) => {
      const accounts = new Set(origins.map((o) => tokenAccount(robotId, o)));
      const listed = k.findCredentials === undefined ? [] : await k.findCredentials(KEYCHAIN_SERVICE);
      for (const { account } of listed) if (account.startsWith(`${robotId}@`)) accounts.add(account);
      let any = false;
      for (const account of accounts) if (await k.deletePassword(KEYCHAIN_SERVICE, account)) any = true;
      return any;
    });
  }

  /** Reaches the keychain without touching a token (an account that never exists): `doctor` checks it. */
  async probe(): Promise<void> {
    await this.#run('look up an entry', (k) => k.getPassword(KEYCHAIN_SERVICE, '(robot-tray doctor)'));
  }

  /**
   * The tokens the keychain holds under accounts starting with `prefix` (a
   * robot id and "@", or the team's id prefix): whose and for which origin,
   * read from the accounts' names. Empty where the keychain cannot list them.
   */
  async bound(prefix: string): Promise<Array<{ robotId: string; origin: string }>> {
    return this.#run('read the token', async (k) => {
      const listed = k.findCredentials === undefined ? [] : await k.findCredentials(KEYCHAIN_SERVICE);
      return listed.flatMap(({ account }) => {
        const at = account.indexOf('@');
        if (!account.startsWith(prefix) || at < 0) return [];
        return [{ robotId: account.slice(0, at), origin: account.slice(at + 1) }];
      });
    });
  }

  async #run<T>(action: string, op: (backend: SecretBackend) => Promise<T>): Promise<T> {
    let backend: SecretBackend;
    try {
      backend = await this.#backend();
    } catch (error) {
      throw keychainError(action, error);
    }
    try {
      return await op(backend);
    } catch (error) {
      throw keychainError(action, error);
    }
  }
}

/** A token as it will be sent (trimmed), or a validation error: the one rule, tokenProblem. */
function checkedToken(token: string): string {
  const problem = tokenProblem(token);
  if (problem !== undefined) throw new AppError('validation', `token: ${problem}`);
  return token.trim();
}

export async function loadKeytar(): Promise<SecretBackend> {
  const mod = (await import('keytar')) as unknown as { default?: SecretBackend } & SecretBackend;
  return mod.default ?? mod;
}

/**
 * What to do about a keychain failure on this platform, given keytar's
 * reason. On Linux, a session bus where nothing answers for the Secret
 * Service (libsecret: "The name org.freedesktop.secrets was not provided by
 * any .service files") is a desktop without a keyring, such as a bare window
 * manager: the fix is a package.
 */
export function keychainFix(
  reason: string | undefined,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform !== 'linux')
    return 'Make sure the system keychain is unlocked and Robot Tray may use it, then try again.';
  if (reason !== undefined && /org\.freedesktop\.secrets was not provided/.test(reason))
    return INSTALL_KEYRING;
  return 'Make sure a Secret Service keyring (such as GNOME Keyring or KWallet) is running and unlocked in your session, then try again.';
}

/**
 * keytar's own messages (e.g. "Cannot autolaunch D-Bus without X11 $DISPLAY")
 * name the cause but not the fix; we keep the cause and add the fix. They
 * never contain the secret itself.
 */
export function keychainError(action: string, cause: unknown): AppError {
  const reason = cause instanceof Error ? cause.message.split('\n')[0]?.slice(0, 160) : undefined;
  return new AppError(
    'keychain',
    `Robot Tray could not ${action} in the system keychain${reason ? ` (${reason})` : ''}. ${keychainFix(reason)} Tokens are never stored anywhere else.`,
    { cause },
  );
}
