import type { Robot } from '../../shared/models/robot.ts';
import { type RobotView, robotView, type TokenStatus } from '../../shared/models/robotView.ts';
import { isTeamId, type TeamCatalogState } from '../../shared/models/teamCatalog.ts';
import type { Clock } from '../clock.ts';
import { AppError, notFound } from '../errors.ts';
import type { ExportFile } from '../../shared/models/exportFile.ts';
import { exportCatalog } from '../sharing/exportCatalog.ts';
import type { ImportChoices, ImportPlan } from '../sharing/importPlan.ts';
import { readExportFile } from '../sharing/readExportFile.ts';
import type { RobotTokens } from '../vault/robotTokens.ts';
import { LastGoodCopy } from './lastGoodCopy.ts';
import type { Connection } from '../store/connection.ts';
import { TeamCatalog } from './teamCatalog.ts';

export { isTeamId };

/** What people read when they try to change the team's robot or preset here. */
export function teamReadOnly(what: 'robot' | 'preset'): AppError {
  return new AppError(
    'validation',
    `That ${what} belongs to the team catalog, which Robot Tray only reads. Change it in the catalog file, or export it and import it as your own.`,
  );
}

/**
 * The team catalog's robots as far as this desk goes: their tokens, which
 * live in this desk's keychain under the robot's id (derived from its name)
 * and its origin, like one's own robots' tokens.
 */
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
  onChange: () => void;
}): TeamCatalog {
  const { clock, tokens } = deps;
  return new TeamCatalog({
    now: () => clock.now(),
    hasToken: async (robot) => (await tokens.presence(robot)).here,
    onChange: deps.onChange,
    copy: deps.readOnly === undefined ? new LastGoodCopy(deps.conn, () => clock.now()) : undefined,
  });
}

/** How one's own catalog takes in an export file (CatalogOps). */
type OwnImport = {
  planImport(file: ExportFile): Promise<ImportPlan>;
  applyImport(file: ExportFile, choices: ImportChoices): Promise<ImportPlan>;
};

export class TeamOps {
  readonly #team: TeamCatalog;
  readonly #tokens: RobotTokens;

  constructor(team: TeamCatalog, tokens: RobotTokens) {
    this.#team = team;
    this.#tokens = tokens;
  }

  state(): TeamCatalogState {
    return this.#team.state();
  }

  /** Checks the file is a catalog now (a typo fails here, not silently later); null stops following. */
  async check(file: string | null): Promise<void> {
    if (file !== null) await readExportFile(file, `The team catalog ${file}`);
  }

  #robot(id: string): Robot {
    const robot = this.#team.robots().find((r) => r.id === id);
    if (robot === undefined)
      throw notFound('That team robot', 'The team catalog may have dropped it; refresh the list.');
    return robot;
  }

  async setToken(robotId: string, token: unknown): Promise<RobotView> {
    if (typeof token !== 'string') throw new AppError('validation', 'token: must be text.');
    await this.#tokens.set(this.#robot(robotId), token);
    await this.#team.refreshTokens();
    return robotView(this.#robot(robotId));
  }

  async clearToken(robotId: string): Promise<{ robot: RobotView; hadToken: boolean }> {
    const hadToken = await this.#tokens.clear(this.#robot(robotId));
    await this.#team.refreshTokens();
    return { robot: robotView(this.#robot(robotId)), hadToken };
  }

  /**
   * The team robot and its presets as an export of one robot, for "copy to
   * my robots": imported like any file (a robot of that name here is a
   * conflict), with a new id and no token.
   */
  asExport(robotId: string, now: number): ExportFile {
    const robot = this.#robot(robotId);
    return exportCatalog([robot], this.#team.presets(), now, [robot.id]);
  }

  /** Copy a team robot and its presets to one's own robots (a new id, token needed); a name taken here is refused. */
  async copyToOwn(robotId: string, now: number, mine: OwnImport): Promise<ImportPlan> {
    const file = this.asExport(robotId, now);
    const name = file.robots[0]!.name;
    if ((await mine.planImport(file)).robots[0]?.action === 'conflict') {
      throw new AppError(
        'validation',
        `You already have a robot named "${name}". Rename yours, then copy the team's.`,
      );
    }
    return mine.applyImport(file, {});
  }

  /** Read the catalog file again now. */
  async reload(): Promise<TeamCatalogState> {
    await this.#team.reload();
    return this.#team.state();
  }

  async tokenStatus(robotId: string): Promise<TokenStatus> {
    const { here } = await this.#tokens.presence(this.#robot(robotId));
    return { hasToken: here, updatedAt: null, suspended: null };
  }
}
