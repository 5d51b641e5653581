import type { Robot } from '../../shared/models/robot.ts';
import { isTeamId, TEAM_ID_PREFIX, type TeamCatalogState } from '../../shared/models/teamCatalog.ts';
import { originOf } from '../../shared/models/tokenOrigin.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { ExportFile } from '../../shared/models/exportFile.ts';
import { exportCatalog } from '../sharing/exportCatalog.ts';
import type { ImportChoices, ImportPlan } from '../sharing/importPlan.ts';
import { readExportFile } from '../sharing/readExportFile.ts';
import type { RobotTokens } from '../vault/robotTokens.ts';
import type { TokenVault } from '../vault/tokenVault.ts';
import { LastGoodCopy } from './lastGoodCopy.ts';
import type { Connection } from '../store/connection.ts';
import { TeamCatalog } from './teamCatalog.ts';

export { isTeamId };

/** What people read when they try to change the team's robot or preset here. */
export function teamReadOnly(what: 'robot' | 'preset'): AppError {
  return new AppError(
    'validation',
    `That ${what} belongs to the team catalog, which Robot Tray only reads. Change it in the catalog file, or copy it to your own robots (Copy to my robots in the app, robot-tray team copy in the CLI).`,
  );
}

/** `id` when it is one's own; the team's robots and presets are only read. */
export function own(id: string, what: 'robot' | 'preset'): string {
  if (isTeamId(id)) throw teamReadOnly(what);
  return id;
}

/**
 * The team catalog as a core follows it: a team robot has a token when this
 * desk's keychain holds one for it, and the last good version is kept in the
 * database (not in a read-only one).
 */
export function openTeamCatalog(deps: {
  conn: Connection;
  readOnly: AppError | undefined;
  clock: Clock;
  tokens: RobotTokens;
  vault: TokenVault;
  onChange: () => void;
}): TeamCatalog {
  const { clock, tokens, vault } = deps;
  return new TeamCatalog({
    now: () => clock.now(),
    tokenOrigins: (robots) => teamTokenOrigins(robots, tokens, vault),
    onChange: deps.onChange,
    copy: deps.readOnly === undefined ? new LastGoodCopy(deps.conn, () => clock.now()) : undefined,
  });
}

/**
 * Where the keychain holds each team robot's token: at the robot's own
 * origin, or (the keychain's accounts name it) at the origin the robot had
 * before the catalog moved it, listed once for all of them.
 */
async function teamTokenOrigins(
  robots: readonly Robot[],
  tokens: RobotTokens,
  vault: TokenVault,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const elsewhere: Robot[] = [];
  for (const robot of robots) {
    if ((await tokens.presence(robot)).here) found.set(robot.id, originOf(robot.baseUrl));
    else elsewhere.push(robot);
  }
  if (elsewhere.length === 0) return found;
  const bound = await vault.bound(TEAM_ID_PREFIX);
  for (const robot of elsewhere) {
    const token = bound.find((b) => b.robotId === robot.id);
    if (token !== undefined) found.set(robot.id, token.origin);
  }
  return found;
}

/** How one's own catalog takes in an export file, and a copied robot's token (CatalogOps). */
type OwnImport = {
  planImport(file: ExportFile): Promise<ImportPlan>;
  applyImport(file: ExportFile, choices: ImportChoices): Promise<ImportPlan>;
  getRobot(idOrName: string): Promise<{ id: string }>;
  setToken(robotId: string, token: unknown): Promise<unknown>;
};

/**
 * The team catalog as AppCore offers it: which file is followed (kept in the
 * settings), reading it again, copying one of its robots to one's own, and
 * what stopping does to its robots' tokens. The tokens themselves are set,
 * cleared and moved like one's own robots' (TokenOps).
 */
export class TeamOps {
  readonly #team: TeamCatalog;
  readonly #vault: TokenVault;
  /** Keep the file followed (null: none) in the settings, so the next start and the CLI follow it too. */
  readonly #saveFile: (file: string | null) => Promise<unknown>;

  constructor(team: TeamCatalog, vault: TokenVault, saveFile: (file: string | null) => Promise<unknown>) {
    this.#team = team;
    this.#vault = vault;
    this.#saveFile = saveFile;
  }

  /** Follow a catalog file, checked first (a typo fails here, not silently later); null stops following (stop). */
  async follow(file: string | null): Promise<TeamCatalogState> {
    if (file === null) return (await this.stop(false)).team;
    await readExportFile(file, `The team catalog ${file}`);
    await this.#saveFile(file);
    await this.#team.follow(file);
    return this.#team.state();
  }

  /**
   * The team robot and its presets as an export of one robot, for "copy to
   * my robots": imported like any file (a robot of that name here is a
   * conflict), with a new id (copyToOwn brings the token along).
   */
  asExport(robotId: string, now: number): ExportFile {
    const robot = this.#team.robot(robotId);
    return exportCatalog([robot], this.#team.presets(), now, [robot.id]);
  }

  /**
   * Copy a team robot and its presets to one's own robots (a new id); a name
   * taken here is refused. The token this desk keeps for the team robot's
   * origin comes along, bound to that same origin (the copy points there
   * too): the plan's token says `kept`. A token bound to another origin (the
   * catalog moved the robot) stays behind, as does one the keychain will not
   * give now: `needed`, set it on the copy.
   */
  async copyToOwn(robotId: string, now: number, mine: OwnImport): Promise<ImportPlan> {
    const file = this.asExport(robotId, now);
    const name = file.robots[0]!.name;
    if ((await mine.planImport(file)).robots[0]?.action === 'conflict') {
      throw new AppError(
        'validation',
        `You already have a robot named "${name}". Rename yours, then copy the team's.`,
      );
    }
    const plan = await mine.applyImport(file, {});
    const came = await this.#copyToken(this.#team.robot(robotId), mine);
    return came ? { ...plan, robots: plan.robots.map((r) => ({ ...r, token: 'kept' as const })) } : plan;
  }

  /** The team robot's token for its own origin, set on its copy; whether there was one to set. */
  async #copyToken(robot: Robot, mine: OwnImport): Promise<boolean> {
    try {
      const token = await this.#vault.get(robot.id, originOf(robot.baseUrl));
      if (token === undefined) return false;
      await mine.setToken((await mine.getRobot(robot.name)).id, token);
      return true;
    } catch (error) {
      // The copy is made; a locked keychain only leaves its token to be set.
      if (error instanceof AppError && error.kind === 'keychain') return false;
      throw error;
    }
  }

  /** Read the catalog file again now. */
  async reload(): Promise<TeamCatalogState> {
    await this.#team.reload();
    return this.#team.state();
  }

  /**
   * Stop following the catalog. The team robots' tokens leave this desk's
   * keychain unless `keep`: kept, they would be sent again the day a
   * catalog of the same names is followed. Every account of a team id goes,
   * robots the catalog dropped earlier included; `tokens` says how many
   * there were.
   */
  async stop(keep: boolean): Promise<{ team: TeamCatalogState; tokens: number; kept: boolean }> {
    await this.#saveFile(null);
    await this.#team.follow(null);
    const bound = await this.#vault.bound(TEAM_ID_PREFIX);
    if (!keep) for (const { robotId, origin } of bound) await this.#vault.delete(robotId, origin);
    return { team: this.#team.state(), tokens: bound.length, kept: keep };
  }
}
