import { INSTALL_KEYRING } from '../../shared/sentences/keyring.ts';
import { DESIGNER_TOKEN_STEPS } from '../../shared/sentences/tokenSteps.ts';
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
 * `robotId@origin`, see tokenAccount; tokens stored before tokens were bound
 * to origins sit under account = robot id until first used, see
 * RobotTokens). There is never a plaintext fallback: when the keychain cannot
 * be used, every operation fails with a `keychain` error telling people what to do.
 */
/** The shortest and longest token Robot Tray stores. */
export const MIN_TOKEN_LENGTH = 16;
export const MAX_TOKEN_LENGTH = 4096;

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

  /** A token stored before tokens were bound to origins (account = robot id). */
  async getLegacy(robotId: string): Promise<string | undefined> {
    const value = await this.#run('read the token', (k) => k.getPassword(KEYCHAIN_SERVICE, robotId));
    return value ?? undefined;
  }

  /**
   * Move a stored token to another origin's account, as stored (a token an
   * older Robot Tray accepted is not refused now): written at `to` before it
   * is deleted at `from` (null: the legacy account), so it is never lost.
   * Says whether there was one to move.
   */
  async move(robotId: string, from: string | null, to: string): Promise<boolean> {
    const source = from === null ? robotId : tokenAccount(robotId, from);
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

  async deleteLegacy(robotId: string): Promise<boolean> {
    return this.#run('delete the token', (k) => k.deletePassword(KEYCHAIN_SERVICE, robotId));
  }

  /**
   * Delete every entry of the robot: the origins named, its legacy entry, and
   * any other `robotId@…` account the keychain lists. Says whether any existed.
   */
  async deleteAll(robotId: string, origins: readonly string[]): Promise<boolean> {
    return this.#run('delete the token', async (k) => {
      const accounts = new Set([robotId, ...origins.map((o) => tokenAccount(robotId, o))]);
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

/** A token as it will be sent: trimmed, one line of ASCII, of a plausible length; else a validation error. */
function checkedToken(token: string): string {
  const clean = token.trim();
  if (clean === '')
    throw new AppError('validation', 'token: must not be empty. Paste the token from the robot’s Designer.');
  const pasted = pastedAround(clean);
  if (pasted !== undefined) throw new AppError('validation', `token: ${pasted}`);
  // It travels as an HTTP header value, so only printable ASCII can work.
  if (!/^[\x20-\x7e]+$/.test(clean)) {
    throw new AppError(
      'validation',
      'token: must be one line of plain ASCII characters, exactly as copied from the robot’s Designer.',
    );
  }
  if (clean.includes(' '))
    throw new AppError(
      'validation',
      'token: it has a space inside, and a token has none; copy the token again in one piece and paste only it.',
    );
  // A real webhook token is long and random. A very short one would make
  // redaction mask ordinary words (a one-letter token rewrites "status"),
  // and a huge one is not a token at all.
  if (clean.length < MIN_TOKEN_LENGTH || clean.length > MAX_TOKEN_LENGTH) {
    throw new AppError(
      'validation',
      `token: must be ${MIN_TOKEN_LENGTH} to ${MAX_TOKEN_LENGTH.toLocaleString('en-US')} characters; this one has ${clean.length.toLocaleString('en-US')}. ` +
        `Generate and copy the whole token ${DESIGNER_TOKEN_STEPS} it.`,
    );
  }
  return clean;
}

/**
 * What was pasted around the token, said with what to paste instead, or
 * undefined. Stored as pasted, such a token gets a 401 at the next fire,
 * whose advice (generate a new token) would revoke a shared one that works.
 * Never quotes the token.
 */
function pastedAround(token: string): string | undefined {
  const header = /^(x-service-token|authorization)\s*:/i.exec(token);
  if (header !== null)
    return `this is a whole header line; paste only the token, the text after "${header[1]}:" (without the name, the colon or spaces).`;
  if (/^["'`\u2018\u201c]|["'`\u2019\u201d]$/.test(token))
    return 'it has quotes around it; paste only the token, the text between the quotes.';
  return undefined;
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
