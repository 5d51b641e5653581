import type { Robot } from '../../shared/models/robot.ts';
import { originOf } from '../../shared/models/tokenOrigin.ts';
import type { TokenVault } from './tokenVault.ts';

/** What the keychain holds for a robot, as far as its origin goes. */
export type TokenPresence = {
  /** A token is stored for the robot's own origin (or waits, unbound, to move there). */
  here: boolean;
  /** The origin the robot's note binds its token to, when that is another origin and a token is there. */
  elsewhere: string | null;
};

/**
 * Which token may go where. A token is read only for the origin it is bound
 * to (its keychain account names it); a token stored before tokens were
 * bound (account = robot id) is moved, on first use, to the origin the
 * robot's record notes for it, or else to the robot's origin. The token
 * given for this process (--token-env) goes to the robot's origin only.
 */
export class RobotTokens {
  readonly #vault: TokenVault;
  /** Note the origin a legacy token was moved to; a read-only data folder skips the note. */
  readonly #noteOrigin: (robotId: string, origin: string) => Promise<void>;
  /** Legacy moves under way, by robot id: lookups at the same time (many polls) wait for the one move. */
  readonly #migrating = new Map<string, Promise<boolean>>();

  constructor(vault: TokenVault, noteOrigin: (robotId: string, origin: string) => Promise<void>) {
    this.#vault = vault;
    this.#noteOrigin = noteOrigin;
  }

  /** The token to send to `origin` for this robot, or undefined when none is bound there. */
  async tokenFor(robot: Robot, origin: string): Promise<string | undefined> {
    if (origin === originOf(robot.baseUrl)) {
      const given = this.#vault.given(robot.id);
      if (given !== undefined) return given;
    }
    const stored = await this.#vault.get(robot.id, origin);
    if (stored !== undefined) return stored;
    // A legacy token moves only to the origin the robot's note (or else its address) gives it.
    if ((robot.tokenOrigin ?? originOf(robot.baseUrl)) !== origin) return undefined;
    // Moved here now, or just now by a concurrent lookup (another poll, another process): read it again.
    await this.#migrateTo(robot, origin);
    return this.#vault.get(robot.id, origin);
  }

  /** Ask the keychain (never a token given for this process) where the robot's token is. */
  async presence(robot: Robot): Promise<TokenPresence> {
    const origin = originOf(robot.baseUrl);
    const here =
      (await this.#vault.get(robot.id, origin)) !== undefined ||
      ((robot.tokenOrigin ?? origin) === origin && (await this.#vault.getLegacy(robot.id)) !== undefined);
    const bound = robot.tokenOrigin;
    const elsewhere =
      !here && bound !== null && bound !== origin && (await this.#vault.get(robot.id, bound)) !== undefined
        ? bound
        : null;
    return { here, elsewhere };
  }

  /**
   * Store a token for the robot's own origin, then delete the entries it
   * replaces (another origin's, the legacy one).
   */
  async set(robot: Robot, token: string): Promise<string> {
    const origin = originOf(robot.baseUrl);
    await this.#vault.set(robot.id, origin, token);
    const bound = robot.tokenOrigin;
    if (bound !== null && bound !== origin) await this.#vault.delete(robot.id, bound);
    await this.#vault.deleteLegacy(robot.id);
    return origin;
  }

  /**
   * Bind the robot's token to its own origin, from the origin it was bound
   * to; someone confirmed this. Says whether there was a token to move.
   */
  async move(robot: Robot): Promise<boolean> {
    const to = originOf(robot.baseUrl);
    const from = robot.tokenOrigin;
    if (from !== null && from !== to && (await this.#vault.move(robot.id, from, to))) return true;
    return this.#vault.move(robot.id, null, to);
  }

  /** Delete every keychain entry of the robot; says whether there was one. */
  async clear(robot: Robot): Promise<boolean> {
    const origins = [originOf(robot.baseUrl), ...(robot.tokenOrigin === null ? [] : [robot.tokenOrigin])];
    return this.#vault.deleteAll(robot.id, origins);
  }

  #migrateTo(robot: Robot, origin: string): Promise<boolean> {
    const running = this.#migrating.get(robot.id);
    if (running !== undefined) return running;
    const move = this.#migrate(robot, origin).finally(() => this.#migrating.delete(robot.id));
    this.#migrating.set(robot.id, move);
    return move;
  }

  async #migrate(robot: Robot, origin: string): Promise<boolean> {
    if (!(await this.#vault.move(robot.id, null, origin))) return false;
    if (robot.tokenOrigin === null) await this.#noteOrigin(robot.id, origin);
    return true;
  }
}
