import type { Robot } from '../shared/models/robot.ts';
import { noteStatus, type TokenStatus } from '../shared/models/robotView.ts';
import { originOf, tokenSuspension } from '../shared/models/tokenOrigin.ts';
import type { Catalog } from './catalog.ts';
import { noTokenToMove, tokenNotMoved } from './catalogRules.ts';
import { AppError } from './errors.ts';
import type { CatalogTables } from './store/catalogTables.ts';
import type { TeamCatalog } from './team/teamCatalog.ts';
import type { RobotTokens } from './vault/robotTokens.ts';

export type TokenOpsDeps = {
  catalog: Catalog;
  files: CatalogTables;
  tokens: RobotTokens;
  team: TeamCatalog;
  /** Run a change to one's own robots' records and announce the catalog (CatalogOps.change). */
  change: <T>(work: () => Promise<T>) => Promise<T>;
};

/**
 * Robots' tokens as AppCore offers them, one's own robots' and the team
 * catalog's alike (a team robot's token goes to this desk's keychain like
 * one's own; no file is written): stored, deleted, moved or asked about,
 * each answered with the one TokenStatus. The answer serves the caller's
 * own words (the CLI's sentence); every window and process learns the new
 * state from the catalog or team event, announced here.
 */
export class TokenOps {
  readonly #d: TokenOpsDeps;

  constructor(deps: TokenOpsDeps) {
    this.#d = deps;
  }

  /** Store the token for the robot's own origin (the one it points at now). */
  async set(robotId: string, token: unknown): Promise<TokenStatus> {
    const team = this.#teamRobot(robotId);
    const robot = team ?? (await this.#d.catalog.requireRobot(robotId));
    if (typeof token !== 'string') throw new AppError('validation', 'token: must be text.');
    if (team !== undefined) {
      await this.#d.tokens.set(team, token);
      return this.#teamChanged(robotId, true);
    }
    // A read-only data folder refuses before the keychain changes, so both stay as they were.
    this.#d.files.robots.assertWritable();
    const origin = await this.#d.tokens.set(robot, token);
    return this.#noted(() => this.#d.catalog.markToken(robotId, origin), true);
  }

  /** Deletes every token of the robot; `changed` says whether the keychain held one. */
  async clear(robotId: string): Promise<TokenStatus> {
    const team = this.#teamRobot(robotId);
    if (team !== undefined) return this.#teamChanged(robotId, await this.#d.tokens.clear(team));
    const robot = await this.#d.catalog.requireRobot(robotId);
    this.#d.files.robots.assertWritable();
    const had = await this.#d.tokens.clear(robot);
    return this.#noted(() => this.#d.catalog.markToken(robotId, null), had);
  }

  /**
   * Bind the robot's token, suspended since its address moved to another
   * origin (one's own edit, or the team catalog's), to the origin it points
   * at now. Only an explicit confirmation calls this: the CLI's --move-token
   * or `token move`, main's dialog (which passes the origin it named, so an
   * address changed meanwhile is refused).
   */
  async move(robotId: string, expectedOrigin?: string): Promise<TokenStatus> {
    const team = this.#teamRobot(robotId);
    const robot = team ?? (await this.#d.catalog.requireRobot(robotId));
    if (team === undefined) this.#d.files.robots.assertWritable();
    const changed = tokenNotMoved(robot, expectedOrigin);
    if (changed !== undefined) throw changed;
    if (tokenSuspension(robot) === null && robot.tokenUpdatedAt !== null)
      return team === undefined ? noteStatus(robot, false) : undated(noteStatus(robot, false));
    if (!(await this.#d.tokens.move(robot))) throw noTokenToMove(robot);
    if (team !== undefined) return this.#teamChanged(robotId, true);
    const origin = originOf(robot.baseUrl);
    // The same token, moved: it keeps the date it was set (a legacy one, never dated, is dated now).
    return this.#noted(
      robot.tokenUpdatedAt === null
        ? () => this.#d.catalog.markToken(robotId, origin)
        : () => this.#d.catalog.noteTokenOrigin(robotId, origin),
      true,
    );
  }

  /**
   * Asks the keychain itself, and repairs the note of one's own robot when
   * they disagree (announced like any catalog change). Changes no token.
   */
  async status(robotId: string): Promise<TokenStatus> {
    const team = this.#teamRobot(robotId);
    const robot = team ?? (await this.#d.catalog.requireRobot(robotId));
    const { here, elsewhere } = await this.#d.tokens.presence(robot);
    const origin = originOf(robot.baseUrl);
    const suspended = elsewhere === null ? null : { from: elsewhere, to: origin };
    const asked = (updatedAt: number | null): TokenStatus => ({
      hasToken: here,
      updatedAt,
      origin,
      suspended,
      changed: false,
    });
    if (team !== undefined) return asked(null);
    const noted = robot.tokenUpdatedAt !== null;
    const agrees = here
      ? noted && (robot.tokenOrigin === null || robot.tokenOrigin === origin)
      : elsewhere !== null || !noted;
    if (agrees) return asked(robot.tokenUpdatedAt);
    // The keychain is the truth; a read-only data folder keeps its note unrepaired.
    if (!this.#d.files.robots.writable) return asked(null);
    const fixed = await this.#d.change(() => this.#d.catalog.markToken(robotId, here ? origin : null));
    return asked(fixed.tokenUpdatedAt);
  }

  /**
   * Whether each of one's own robots has a token ready for its own origin,
   * asked of the keychain itself (our note can be stale), or `undefined`
   * when the keychain cannot be used. Reads only.
   */
  async states(): Promise<Map<string, boolean> | undefined> {
    const robots = await this.#d.catalog.robots();
    const states = new Map<string, boolean>();
    try {
      for (const robot of robots) states.set(robot.id, (await this.#d.tokens.presence(robot)).here);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'keychain') return undefined;
      throw error;
    }
    return states;
  }

  /** The team catalog's robot of that id, if it is one (looked up, not told by its id's prefix). */
  #teamRobot(robotId: string): Robot | undefined {
    return this.#d.team.robots().find((r) => r.id === robotId);
  }

  /** One's own robot's note changed with its token: the catalog is announced, the status read from the note. */
  async #noted(note: () => Promise<Robot>, changed: boolean): Promise<TokenStatus> {
    return noteStatus(await this.#d.change(note), changed);
  }

  /** A team robot's token changed: the team catalog asks the keychain again and announces it. */
  async #teamChanged(robotId: string, changed: boolean): Promise<TokenStatus> {
    await this.#d.team.refreshTokens();
    return undated(noteStatus(this.#d.team.robot(robotId), changed));
  }
}

/** A team robot's token has no date here: its record's is when the catalog was read. */
function undated(status: TokenStatus): TokenStatus {
  return { ...status, updatedAt: null };
}
