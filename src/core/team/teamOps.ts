import type { Robot } from '../../shared/models/robot.ts';
import { type RobotView, robotView, type TokenStatus } from '../../shared/models/robotView.ts';
import { isTeamId, type TeamCatalogState } from '../../shared/models/teamCatalog.ts';
import { AppError, notFound } from '../errors.ts';
import type { ExportFile } from '../../shared/models/exportFile.ts';
import { exportCatalog } from '../sharing/exportCatalog.ts';
import { readExportFile } from '../sharing/readExportFile.ts';
import type { RobotTokens } from '../vault/robotTokens.ts';
import type { TeamCatalog } from './teamCatalog.ts';

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

  async tokenStatus(robotId: string): Promise<TokenStatus> {
    const { here } = await this.#tokens.presence(this.#robot(robotId));
    return { hasToken: here, updatedAt: null, suspended: null };
  }
}
