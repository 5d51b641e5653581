import type { Call, CallDetail } from '../shared/models/call.ts';
import type { CallSummary, ListedCall } from '../shared/models/callSummary.ts';
import type { ExportFile } from '../shared/models/exportFile.ts';
import type { Preset } from '../shared/models/preset.ts';
import type { FieldValues } from '../shared/models/presetFields.ts';
import type { RobotView, TokenStatus } from '../shared/models/robotView.ts';
import type { RunDiff } from '../shared/models/runDiff.ts';
import type { PresetRunNote, RunStats } from '../shared/models/runStats.ts';
import type { Settings } from '../shared/models/settings.ts';
import type { TeamCatalogState } from '../shared/models/teamCatalog.ts';
import type { UsualRun } from '../shared/models/usualRun.ts';
import type { Warning } from '../shared/models/warning.ts';
import type { BatchOps } from './batch/batchOps.ts';
import { diffCalls } from './callDiff.ts';
import type { FireOptions, RefireChanges } from './callOps.ts';
import type { CoreEvent, CoreListener } from './coreEvents.ts';
import { type AppCoreOptions, type CoreParts as Parts, openParts } from './coreParts.ts';
import { type CoreOps, wireCore } from './coreWiring.ts';
import { diagnose, type Diagnosis } from './http/probe.ts';
import { targetOf } from './http/targetUrl.ts';
import type { ImportChoices, ImportPlan } from './sharing/importPlan.ts';
import { readExportFile } from './sharing/readExportFile.ts';
import { own } from './team/teamOps.ts';
import type { TrustChange } from './trustChanges.ts';
import type { TrustOptions } from './trustConsent.ts';

export type { AppCoreOptions, CoreEvent, TrustChange, TrustOptions };

/**
 * Everything Robot Tray can do, in one object. The Electron main process maps
 * its IPC contract onto these methods one to one; the CLI calls them directly.
 * Every input is validated here and a rejection names the field. Robots
 * and presets live in CatalogOps, their tokens (one's own robots' and the
 * team's) in TokenOps, the team catalog followed in TeamOps; calls in
 * CallOps (firing, stopping) and CallReading (lists, details, statistics),
 * over the CallTracker, and batches over those calls; what other processes
 * change reaches them through CrossProcess. The parts (database, keychain,
 * HTTP client) are opened in coreParts.ts and wired together in coreWiring.ts.
 */
export class AppCore {
  readonly dataDir: string;
  readonly #p: Parts;
  /** The operations, wired over the parts (coreWiring.ts). */
  readonly #o: CoreOps;
  /** Batches: one preset fired for every row of a table (batch/batchOps.ts); `batches.start` announces `batch` events. */
  readonly batches: BatchOps;

  private constructor(parts: Parts) {
    this.dataDir = parts.dataDir;
    this.#p = parts;
    this.#o = wireCore(parts);
    this.batches = this.#o.batches;
  }

  static async open(options: AppCoreOptions = {}): Promise<AppCore> {
    const parts = await openParts(options);
    const core = new AppCore(parts);
    // Read the catalog now so a record set aside is reported at start, not later.
    parts.files.robots.read();
    parts.files.presets.read();
    const adopting = options.resumeWatching !== false;
    await core.#o.team.follow(parts.settings.teamCatalogFile, {
      watch: options.watchTeamCatalog ?? adopting,
    });
    if (adopting) core.#o.tracker.start();
    core.#o.cross.start(adopting);
    return core;
  }

  /**
   * Take over calls the CLI left waiting (fired without --wait, or given up
   * at --timeout), so the app finishes watching them. Runs every few seconds
   * in a core that resumes watching; callable directly, e.g. on window focus.
   */
  adoptWaitingCalls(): Call[] {
    return this.#o.cross.adoptWaitingCalls();
  }

  /**
   * Take in what another process (the CLI) changed in the database: new
   * settings take effect and are announced, and a changed catalog is
   * announced. The change log calls this within a fraction of a second;
   * callable directly, e.g. on window focus.
   */
  async refreshFromDisk(): Promise<void> {
    await this.#o.settings.reloadFromDisk();
    await this.#o.catalog.announceIfChangedOnDisk();
  }

  /**
   * Whether another process (the app) watches this data folder's waiting
   * calls now: true, false, or undefined when its mark is from another host.
   */
  appIsWatching(): boolean | undefined {
    return this.#o.cross.appIsWatching();
  }

  /** How many calls this process is sending or watching right now. */
  get watchingCount(): number {
    return this.#o.tracker.watchingCount;
  }

  subscribe(listener: CoreListener): () => void {
    return this.#o.announcer.subscribe(listener);
  }

  // ── Robots and presets (CatalogOps), their tokens (TokenOps) ───────────

  listRobots = (): Promise<RobotView[]> => this.#o.catalog.listRobots();
  getRobot = (idOrName: string): Promise<RobotView> => this.#o.catalog.getRobot(idOrName);
  /** A change to where its token goes (plain http, an accepted certificate, a CA file) needs `options.confirmTrust`. */
  createRobot = (input: unknown, options?: TrustOptions): Promise<RobotView> =>
    this.#o.catalog.createRobot(input, options);
  updateRobot = async (id: string, patch: unknown, options?: TrustOptions): Promise<RobotView> =>
    this.#o.catalog.updateRobot(own(id, 'robot'), patch, options);
  /** Deletes the robot, its presets and its token. History keeps its calls. */
  deleteRobot = async (id: string): Promise<{ hadToken: boolean }> =>
    this.#o.catalog.deleteRobot(own(id, 'robot'));
  /** A token, one's own robot's or a team robot's; the answer is the token's status, never the token. */
  setToken = (robotId: string, token: unknown): Promise<TokenStatus> => this.#o.tokens.set(robotId, token);
  /** `changed` in the answer says whether there was a token to delete. */
  clearToken = (robotId: string): Promise<TokenStatus> => this.#o.tokens.clear(robotId);
  /** Bind a token suspended by an address change to the robot's new origin; only on explicit confirmation. */
  moveToken = (robotId: string, expectedOrigin?: string): Promise<TokenStatus> =>
    this.#o.tokens.move(robotId, expectedOrigin);
  tokenStates = () => this.#o.tokens.states();
  /** Send this token for the robot from this process only, never storing it (headless use). */
  useTokenForThisProcess = (robotId: string, token: string): void =>
    this.#p.vault.useForThisProcess(robotId, token);
  /** Asks the keychain itself (and repairs one's own robot's note of it). */
  tokenStatus = (robotId: string): Promise<TokenStatus> => this.#o.tokens.status(robotId);
  listPresets = (robotId?: string): Promise<Preset[]> => this.#o.catalog.listPresets(robotId);
  createPreset = async (input: unknown): Promise<Preset> => {
    const robotId = (input as { robotId?: unknown } | null)?.robotId;
    if (typeof robotId === 'string') own(robotId, 'robot');
    return this.#o.catalog.createPreset(input);
  };
  updatePreset = async (id: string, patch: unknown): Promise<Preset> =>
    this.#o.catalog.updatePreset(own(id, 'preset'), patch);
  deletePreset = async (id: string): Promise<void> => this.#o.catalog.deletePreset(own(id, 'preset'));
  duplicatePreset = async (id: string): Promise<Preset> => this.#o.catalog.duplicatePreset(own(id, 'preset'));
  reorderPresets = async (robotId: string, ids: readonly string[]): Promise<Preset[]> =>
    this.#o.catalog.reorderPresets(own(robotId, 'robot'), ids);

  // ── Sharing without tokens (sharing/) ─────────────────────────────────

  /** Robots (all, or those named) and their presets as an export file's content. */
  exportCatalog = (options: { robots?: readonly string[] } = {}): Promise<ExportFile> =>
    this.#o.catalog.exportCatalog(options.robots);
  /** The export file at a path someone chose (the CLI's argument, main's open dialog). */
  readExportFile = (file: string): Promise<ExportFile> => readExportFile(file, `File "${file}"`);
  /** What importing would add, replace or skip; changes nothing. */
  planImport = (file: ExportFile, choices: ImportChoices = {}): Promise<ImportPlan> =>
    this.#o.catalog.planImport(file, choices);
  applyImport = (file: ExportFile, choices: ImportChoices): Promise<ImportPlan> =>
    this.#o.catalog.applyImport(file, choices);

  // ── The team catalog (team/) ──────────────────────────────────────────

  /** The team catalog followed: its robots and presets (last good version) and any problem with the file now. */
  teamCatalog = (): TeamCatalogState => this.#o.team.state();
  /** Follow a catalog file (main's dialog, the CLI), checked first; null stops following (stopTeamCatalog). */
  followTeamCatalog = (file: string | null): Promise<TeamCatalogState> => this.#o.teamOps.follow(file);
  /** Stop following the team catalog; its robots' tokens leave the keychain unless kept (TeamOps.stop). */
  stopTeamCatalog = (options: { keepTokens?: boolean } = {}) =>
    this.#o.teamOps.stop(options.keepTokens === true);
  /** Copy a team robot, its presets and its token for the same origin to one's own robots (TeamOps.copyToOwn). */
  copyTeamRobot = (robotId: string): Promise<ImportPlan> =>
    this.#o.teamOps.copyToOwn(robotId, this.#p.clock.now(), {
      planImport: (file) => this.#o.catalog.planImport(file),
      applyImport: (file, choices) => this.#o.catalog.applyImport(file, choices),
      getRobot: (idOrName) => this.#o.catalog.getRobot(idOrName),
      setToken: (id, token) => this.#o.tokens.set(id, token),
    });
  /** Read the catalog file again now (the app also does when it changes). */
  reloadTeamCatalog = (): Promise<TeamCatalogState> => this.#o.teamOps.reload();

  // ── Firing and calls ──────────────────────────────────────────────────

  /** Trigger a robot; resolves when the service accepted or refused the call. */
  fire = (robotId: string, request: unknown, options: FireOptions = {}): Promise<Call> =>
    this.#o.calls.fire(robotId, request, options);
  curlCommand = (robotId: string, request: unknown) => this.#o.calls.curlCommand(robotId, request);
  /** One page of calls, newest first, without their responses (see ListedCall). */
  listCalls = (filter: unknown = {}): ListedCall[] => this.#o.reading.list(filter);

  /** How long calls like this one usually run ("usually done in 12–20 s"), once its preset or robot has ten finished runs. */
  usualRun = (call: Pick<Call, 'robotId' | 'presetId'>): UsualRun | undefined =>
    this.#o.tracker.usualFor(call);

  /** A call as the window and the tray see it: no arguments, no response, how long such calls usually run. */
  summary = (call: Call | ListedCall): CallSummary => this.#o.reading.summary(call);
  getCall = (idOrWebhookCallId: string): Call => this.#o.reading.get(idOrWebhookCallId);
  callDetail = (idOrWebhookCallId: string): CallDetail => this.#o.reading.detail(idOrWebhookCallId);
  /** The start of a call's response, read before the whole (see CallOps.responseStart). */
  callResponseStart = (id: string, chars: number) => this.#o.reading.responseStart(id, chars);
  /** Where one call's arguments and response differ from another's (see callDiff.ts). */
  diffCalls = (before: string, after: string, limit?: number): RunDiff =>
    diffCalls(this.callDetail, before, after, limit);
  /** The call the window shows (null: none), kept from the history's prune while it says so. */
  showingCall = (id: string | null): void => this.#o.reading.showing(id);
  stopCall = (id: string): Call => this.#o.calls.stop(id);
  resumeCall = (id: string): Promise<Call> => this.#o.calls.resume(id);
  watchCall = (id: string): Call => this.#o.calls.watch(id);
  /** Ask the service about a waiting call now; its next automatic check is then in `nextPollAt`. */
  checkCall = (id: string): Promise<Call> => this.#o.calls.checkNow(id);
  refire = (id: string, changes: RefireChanges = {}): Promise<Call> => this.#o.calls.refire(id, changes);
  /** The values a preset's form starts with: the last ones given to its fields, never a secret one. */
  lastFieldValues = (presetId: string): Promise<FieldValues> => this.#o.calls.lastFieldValues(presetId);
  forgetCall = (id: string): void => this.#o.calls.forget(id);
  /** How a robot or preset ran over a period: outcomes, run-time percentiles, by day (see store/runStats.ts). */
  runStats = (query: unknown): RunStats => this.#o.reading.stats(query, this.#p.clock.now());
  /** What the tray says beside a preset: how long its calls usually run, how and when its last one ended. */
  presetRunNote = (preset: Pick<Preset, 'id' | 'robotId'>): PresetRunNote => {
    const usual = this.#o.tracker.usualFor({ robotId: preset.robotId, presetId: preset.id });
    return { usual: usual?.text ?? null, last: this.#p.history.lastEnded(preset.id) };
  };
  clearFinished = (robotId?: string): number => this.#o.calls.clearFinished(robotId);

  /**
   * How a robot's service is reached (DNS, proxy, TLS, certificate chain) and
   * whether its trigger endpoint answers, without firing it or sending its token.
   */
  async diagnose(idOrName: string): Promise<Diagnosis> {
    const robot = await this.#p.catalog.requireRobotNamed(idOrName);
    return diagnose(this.#p.client.network, this.#o.settings.current.http, targetOf(robot));
  }

  // ── Settings and warnings ─────────────────────────────────────────────

  getSettings(): Settings {
    return this.#o.settings.current;
  }

  /** A change to the proxy or the certificates trusted needs `options.confirmTrust` (trustChanges.ts). */
  updateSettings(patch: unknown, options?: TrustOptions): Promise<Settings> {
    return this.#o.settings.update(patch, options);
  }

  /** The manual proxy's password goes to the keychain; settings name only the user. */
  setProxyPassword = (password: unknown): Promise<void> => this.#o.settings.setProxyPassword(password);
  clearProxyPassword = (): Promise<void> => this.#o.settings.clearProxyPassword();
  hasProxyPassword = (): Promise<boolean> => this.#o.settings.hasProxyPassword();

  warnings(): Warning[] {
    return this.#p.warnings.list();
  }

  /** Dismiss a warning; one already gone (dismissed by another window or command) is no error. */
  dismissWarning(id: string): void {
    if (!this.#p.warnings.dismiss(id)) return;
    this.#o.announcer.emit({ type: 'warnings', warnings: this.#p.warnings.list() });
  }

  /**
   * Abort every request in flight now and send no more from this core (a
   * trigger aborted in flight ends `unknown`, since it may have arrived; one
   * not yet sent ends `unreachable`), e.g. at `--timeout` or Ctrl+C.
   */
  abortRequests(): void {
    this.#p.client.stopSending();
  }

  /** Close without waiting for any service: requests in flight are aborted first. */
  async close(): Promise<void> {
    this.#o.settings.close();
    this.#o.cross.close();
    this.#o.team.close();
    const pools = this.#p.client.closePools();
    await this.#o.tracker.close();
    await pools;
    await this.#p.warnings.settled();
    this.#p.history.close();
    this.#p.conn.close();
    this.#o.announcer.close();
  }
}
