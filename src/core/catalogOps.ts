import type { Preset } from '../shared/models/preset.ts';
import type { Robot } from '../shared/models/robot.ts';
import { type RobotView, robotView } from '../shared/models/robotView.ts';
import { originOf } from '../shared/models/tokenOrigin.ts';
import { RobotInput, RobotPatch } from '../shared/models/robot.ts';
import { assertSafeTransport, type Catalog, type RobotCheck } from './catalog.ts';
import { parseInput } from './errors.ts';
import { checkCaFile } from './http/trust.ts';
import { newRobot, patchedRobot } from './robotPatch.ts';
import { type CaFacts, robotTrustChanges } from './trustChanges.ts';
import { askTrust, assertConfirmed, type TrustOptions } from './trustConsent.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import { AppError } from './errors.ts';
import type { CatalogTables as CatalogFiles } from './store/catalogTables.ts';
import type { RobotTokens } from './vault/robotTokens.ts';
import type { ExportFile } from '../shared/models/exportFile.ts';
import { applyImport } from './sharing/applyImport.ts';
import { exportCatalog } from './sharing/exportCatalog.ts';
import { EchoMask } from './echo/echoMask.ts';
import { type ImportChoices, type ImportPlan, planImport } from './sharing/importPlan.ts';

/**
 * Robots and their presets, as AppCore offers them: every change is
 * announced as the whole catalog (robots with token status, presets in
 * order), and so is a change another process made to the files. Their
 * tokens are set, cleared and moved by TokenOps, announced here.
 */
export class CatalogOps {
  readonly #catalog: Catalog;
  readonly #files: CatalogFiles;
  readonly #tokens: RobotTokens;
  readonly #announcer: CoreAnnouncer;
  readonly #now: () => number;
  readonly #newId: () => string;
  /** The files' contents as last announced, to notice another process's changes. */
  #seen: { robots: unknown; presets: unknown } = { robots: undefined, presets: undefined };

  constructor(parts: {
    catalog: Catalog;
    files: CatalogFiles;
    tokens: RobotTokens;
    announcer: CoreAnnouncer;
    now: () => number;
    newId: () => string;
  }) {
    this.#now = parts.now;
    this.#newId = parts.newId;
    this.#catalog = parts.catalog;
    this.#files = parts.files;
    this.#tokens = parts.tokens;
    this.#announcer = parts.announcer;
  }

  async listRobots(): Promise<RobotView[]> {
    return (await this.#catalog.robots()).map(robotView);
  }

  async getRobot(idOrName: string): Promise<RobotView> {
    return robotView(await this.#catalog.requireRobotNamed(idOrName));
  }

  /**
   * A robot that would send its token somewhere new to trust (plain http, a
   * certificate accepted whatever its issuer, a CA file) is saved only once
   * `options.confirmTrust` said yes to exactly that.
   */
  async createRobot(input: unknown, options: TrustOptions = {}): Promise<RobotView> {
    const fields = parseInput(RobotInput, input, 'robot');
    const ca = await robotCaFacts(fields.caFile, `robot "${fields.name}"`);
    const planned = newRobot(fields, 'new', this.#now());
    // A robot that cannot be saved anyway is refused before anyone is asked.
    assertSafeTransport(planned);
    const check = await this.#trustCheck(null, planned, ca, options);
    return robotView(await this.change(() => this.#catalog.createRobot(fields, check)));
  }

  async updateRobot(id: string, patch: unknown, options: TrustOptions = {}): Promise<RobotView> {
    const fields = parseInput(RobotPatch, patch, 'robot');
    const ca = await robotCaFacts(fields.caFile, 'robot');
    const current = await this.#catalog.requireRobot(id);
    const planned = patchedRobot(current, fields, this.#now());
    if (fields.baseUrl !== undefined || fields.allowInsecureHttp !== undefined) assertSafeTransport(planned);
    const check = await this.#trustCheck(current, planned, ca, options);
    return robotView(await this.change(() => this.#catalog.updateRobot(id, fields, check)));
  }

  /**
   * Asks about what saving `planned` over `before` changes in trust, and
   * answers the check the catalog runs on the record it writes: anything
   * beyond what was confirmed then (the robot changed meanwhile) is refused.
   */
  async #trustCheck(
    before: Robot | null,
    planned: Robot,
    ca: CaFacts | undefined,
    options: TrustOptions,
  ): Promise<RobotCheck> {
    const facts = ca === undefined ? {} : { ca };
    const confirmed = await askTrust(robotTrustChanges(before, planned, facts), options);
    return (was, now) => assertConfirmed(robotTrustChanges(was, now, facts), confirmed);
  }

  /**
   * Deletes the robot, its presets and its token (every keychain entry of
   * it); says whether there was a token. Token first: if the keychain
   * refuses, nothing is deleted and nothing is orphaned, unless our note says
   * the robot never had a token, when there is nothing in the keychain to
   * orphan and the robot can go without it.
   */
  async deleteRobot(id: string): Promise<{ hadToken: boolean }> {
    const robot = await this.#catalog.requireRobot(id);
    this.#files.robots.assertWritable();
    let hadToken = false;
    try {
      hadToken = await this.#tokens.clear(robot);
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'keychain') || robot.tokenUpdatedAt !== null)
        throw error;
    }
    await this.change(() => this.#catalog.deleteRobot(id));
    return { hadToken };
  }

  listPresets(robotId?: string): Promise<Preset[]> {
    return this.#catalog.presets(robotId);
  }

  createPreset(input: unknown): Promise<Preset> {
    return this.change(() => this.#catalog.createPreset(input));
  }

  updatePreset(id: string, patch: unknown): Promise<Preset> {
    return this.change(() => this.#catalog.updatePreset(id, patch));
  }

  deletePreset(id: string): Promise<void> {
    return this.change(() => this.#catalog.deletePreset(id));
  }

  duplicatePreset(id: string): Promise<Preset> {
    return this.change(() => this.#catalog.duplicatePreset(id));
  }

  reorderPresets(robotId: string, ids: readonly string[]): Promise<Preset[]> {
    return this.change(() => this.#catalog.reorderPresets(robotId, ids));
  }

  /** Robots (all, or those named) and their presets as an export: no ids, no tokens, no local paths. */
  async exportCatalog(names?: readonly string[]): Promise<ExportFile> {
    const [robots, presets] = await Promise.all([this.#files.robots.read(), this.#files.presets.read()]);
    const file = exportCatalog(robots, presets, this.#now(), names);
    for (const exported of file.robots) {
      const robot = robots.find((r) => r.name === exported.name);
      if (robot !== undefined && (await this.#holdsOwnToken(robot, exported))) {
        throw new AppError(
          'validation',
          `The export would hold the token of robot "${robot.name}" (in its notes, a preset's arguments or a field's default). Remove it from there, then export again; a token is never exported.`,
        );
      }
    }
    return file;
  }

  /** Whether the robot's token was pasted into what is exported of it; no keychain, no check. */
  async #holdsOwnToken(robot: Robot, exported: object): Promise<boolean> {
    let token: string | undefined;
    try {
      token = await this.#tokens.tokenFor(robot, robot.tokenOrigin ?? originOf(robot.baseUrl));
    } catch {
      return false;
    }
    return EchoMask.ofSecrets([token]).contains(JSON.stringify(exported));
  }

  /** What importing `file` would do; reads only. */
  async planImport(file: ExportFile, choices: ImportChoices = {}): Promise<ImportPlan> {
    const [robots, presets] = await Promise.all([this.#files.robots.read(), this.#files.presets.read()]);
    return planImport(file, robots, presets, choices);
  }

  /** Import `file`, or refuse it whole (a conflict without a choice, a robot that cannot be saved). */
  applyImport(file: ExportFile, choices: ImportChoices): Promise<ImportPlan> {
    return this.change(() =>
      applyImport(file, choices, {
        files: this.#files,
        tokens: this.#tokens,
        now: this.#now,
        newId: this.#newId,
      }),
    );
  }

  /** Announce the catalog if another process changed robots.json or presets.json. */
  async announceIfChangedOnDisk(): Promise<void> {
    const [robots, presets] = await Promise.all([this.#files.robots.read(), this.#files.presets.read()]);
    // The files cache by mtime, so an unchanged file reads as the very same array.
    if (robots !== this.#seen.robots || presets !== this.#seen.presets) await this.#announce();
  }

  /** Run a catalog change (a synchronous refusal becomes a rejection) and announce it; TokenOps notes tokens with it. */
  async change<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    await this.#announce();
    return result;
  }

  /** Robots (with token status) and presets as they are now, to every subscriber. */
  async #announce(): Promise<void> {
    if (!this.#announcer.hasListeners) return;
    const [robots, presets] = await Promise.all([this.#files.robots.read(), this.#files.presets.read()]);
    this.#seen = { robots, presets };
    const sorted: Preset[] = [...presets].sort((a, b) => a.order - b.order || a.createdAt - b.createdAt);
    this.#announcer.emit({ type: 'catalog', robots: robots.map(robotView), presets: sorted });
  }
}

/** A robot's CA file, checked before it is saved (a missing or non-PEM file is refused now, not at fire). */
async function robotCaFacts(file: string | null | undefined, source: string): Promise<CaFacts | undefined> {
  return typeof file === 'string' ? { file, summary: await checkCaFile(file, source) } : undefined;
}
