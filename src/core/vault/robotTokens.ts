import type { Robot } from '../../shared/models/robot.ts';
import { originOf } from '../../shared/models/tokenOrigin.ts';
import type { TokenVault } from './tokenVault.ts';

/** What the keychain holds for a robot, as far as its origin goes. */
export type TokenPresence = {
  /** A token is stored for the robot's own origin. */
  here: boolean;
  /** The origin the robot's note binds its token to, when that is another origin and a token is there. */
  elsewhere: string | null;
};

/** The most tokens kept in memory at once (then all are forgotten: a cache, not a truth). */
const KEPT_MAX = 1_000;

/**
 * How every process hears that a token changed: a change number that rises
 * with each token set, cleared or moved in any process (the database's change
 * log), and the way to raise it. Undefined where nothing can be written (a
 * read-only data folder): then nothing is kept.
 */
export type TokenChanges = { generation: () => number; changed: () => void };

/**
 * Which token may go where. A token is read only for the origin it is bound
 * to (its keychain account names it); the token given for this process
 * (--token-env) goes to the robot's origin only.
 *
 * A token read from the keychain is kept in this process's memory for its
 * robot and origin, and asked for again only once a token changed anywhere:
 * set, cleared or moved here or in any other process (each notes it in the
 * database's change log, one's own robots and the team's alike). One keychain
 * read a change instead of one a poll; never written anywhere.
 */
export class RobotTokens {
  readonly #vault: TokenVault;
  readonly #changes: TokenChanges | undefined;
  /** By robot id, origin and token generation: after a change, nothing kept before is found. */
  readonly #kept = new Map<string, Promise<string | undefined>>();

  constructor(vault: TokenVault, changes?: TokenChanges) {
    this.#vault = vault;
    this.#changes = changes;
  }

  /** Tell every process that this robot's token changed (set, cleared or moved). */
  changed(robotId: string): void {
    this.#forget(robotId);
    try {
      this.#changes?.changed();
    } catch {
      // The database locked for a moment: other processes ask the keychain again at their next change.
    }
  }

  /** The token to send to `origin` for this robot, or undefined when none is bound there. */
  async tokenFor(robot: Robot, origin: string): Promise<string | undefined> {
    if (origin === originOf(robot.baseUrl)) {
      const given = this.#vault.given(robot.id);
      if (given !== undefined) return given;
    }
    if (this.#changes === undefined) return this.#vault.get(robot.id, origin);
    let generation: number;
    try {
      generation = this.#changes.generation();
    } catch {
      return this.#vault.get(robot.id, origin);
    }
    const key = `${robot.id}@${origin}#${generation}`;
    let read = this.#kept.get(key);
    if (read === undefined) {
      read = this.#vault.get(robot.id, origin);
      if (this.#kept.size >= KEPT_MAX) this.#kept.clear();
      this.#kept.set(key, read);
      // A keychain that failed (locked for a moment) is asked again next time.
      read.catch(() => this.#kept.delete(key));
    }
    return read;
  }

  /** Ask the keychain (never a token given for this process) where the robot's token is. */
  async presence(robot: Robot): Promise<TokenPresence> {
    const origin = originOf(robot.baseUrl);
    const here = (await this.#vault.get(robot.id, origin)) !== undefined;
    const bound = robot.tokenOrigin;
    const elsewhere =
      !here && bound !== null && bound !== origin && (await this.#vault.get(robot.id, bound)) !== undefined
        ? bound
        : null;
    return { here, elsewhere };
  }

  /**
   * Store a token for the robot's own origin, then delete the entry it
   * replaces (another origin's).
   */
  async set(robot: Robot, token: string): Promise<string> {
    const origin = originOf(robot.baseUrl);
    await this.#vault.set(robot.id, origin, token);
    this.changed(robot.id);
    const bound = robot.tokenOrigin;
    if (bound !== null && bound !== origin) await this.#vault.delete(robot.id, bound);
    return origin;
  }

  /**
   * Bind the robot's token to its own origin, from the origin it was bound
   * to; someone confirmed this. Says whether there was a token to move.
   */
  async move(robot: Robot): Promise<boolean> {
    const to = originOf(robot.baseUrl);
    const from = robot.tokenOrigin;
    const moved = from !== null && from !== to && (await this.#vault.move(robot.id, from, to));
    this.changed(robot.id);
    return moved;
  }

  /** Delete every keychain entry of the robot; says whether there was one. */
  async clear(robot: Robot): Promise<boolean> {
    const origins = [originOf(robot.baseUrl), ...(robot.tokenOrigin === null ? [] : [robot.tokenOrigin])];
    const had = await this.#vault.deleteAll(robot.id, origins);
    this.changed(robot.id);
    return had;
  }

  /** This process's own change: its next read asks the keychain whatever the record says. */
  #forget(robotId: string): void {
    for (const key of this.#kept.keys()) if (key.startsWith(`${robotId}@`)) this.#kept.delete(key);
  }
}
