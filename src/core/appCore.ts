import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Call, CallFilter, type CallState, isActive } from '../shared/models/call.ts';
import { FireRequest } from '../shared/models/fire.ts';
import type { Preset } from '../shared/models/preset.ts';
import type { Robot, RobotView } from '../shared/models/robot.ts';
import { type Settings, SettingsPatch } from '../shared/models/settings.ts';
import type { Warning } from '../shared/models/warning.ts';
import { stripUndefined } from '../shared/objects.ts';
import { Catalog } from './catalog.ts';
import { type CoreEvent, previousState } from './coreEvents.ts';
import { type Clock, type Random, systemClock } from './clock.ts';
import { AppError, notFound, parseInput } from './errors.ts';
import { buildCurlCommand } from './http/curlCommand.ts';
import { targetOf } from './http/targetUrl.ts';
import { WebhookClient } from './http/webhookClient.ts';
import { CallHistory } from './store/callHistory.ts';
import { openCatalogFiles, type CatalogFiles } from './store/catalogFiles.ts';
import { defaultDataDir } from './store/dataDir.ts';
import { WarningLog } from './store/warnings.ts';
import { CallTracker, type FireSpec } from './tracker/callTracker.ts';
import { type SecretBackend, TokenVault } from './vault/tokenVault.ts';

/** How often a watching core looks for calls the CLI left waiting. */
const ADOPT_INTERVAL_MS = 5_000;

export type AppCoreOptions = {
  /** Defaults to Electron's userData for "Robot Tray", or ROBOT_TRAY_HOME. */
  dataDir?: string;
  /** Defaults to keytar. */
  secrets?: SecretBackend;
  clock?: Clock;
  random?: Random;
  newId?: () => string;
  /**
   * Resume watching calls left waiting by an earlier run (the app does; a
   * one-shot CLI command does not, so it never competes with the app).
   */
  resumeWatching?: boolean;
};

export type { CoreEvent };

/**
 * Everything Robot Tray can do, in one object. The Electron main process maps
 * its IPC contract onto these methods one to one; the CLI calls them directly.
 * Every input is validated here and a rejection names the field.
 */
export class AppCore {
  readonly dataDir: string;
  readonly #catalog: Catalog;
  readonly #files: CatalogFiles;
  readonly #vault: TokenVault;
  readonly #history: CallHistory;
  readonly #client: WebhookClient;
  readonly #tracker: CallTracker;
  readonly #warnings: WarningLog;
  readonly #listeners = new Set<(event: CoreEvent) => void>();
  #settings: Settings;
  #closed = false;
  #adoptTimer: unknown;
  readonly #clock: Clock;
  /** The state subscribers last heard for each call still sending or waiting. */
  readonly #lastHeard = new Map<string, CallState>();
  /** The catalog as last announced, to notice another process's changes. */
  #seenCatalog: { robots: unknown; presets: unknown } = { robots: undefined, presets: undefined };

  private constructor(parts: {
    dataDir: string;
    files: CatalogFiles;
    catalog: Catalog;
    vault: TokenVault;
    history: CallHistory;
    client: WebhookClient;
    warnings: WarningLog;
    clock: Clock;
    random: Random;
    newId: () => string;
    settings: Settings;
  }) {
    this.dataDir = parts.dataDir;
    this.#files = parts.files;
    this.#catalog = parts.catalog;
    this.#vault = parts.vault;
    this.#history = parts.history;
    this.#client = parts.client;
    this.#warnings = parts.warnings;
    this.#settings = parts.settings;
    this.#clock = parts.clock;
    this.#tracker = new CallTracker({
      history: parts.history,
      client: parts.client,
      robotById: (id) => this.#catalog.robot(id),
      tokenOf: (id) => this.#vault.get(id),
      settings: () => this.#settings,
      clock: parts.clock,
      random: parts.random,
      newId: parts.newId,
    });
    this.#tracker.subscribe((calls) => this.#emitCalls(calls));
    parts.warnings.subscribe(() => this.#emit({ type: 'warnings', warnings: this.#warnings.list() }));
  }

  static async open(options: AppCoreOptions = {}): Promise<AppCore> {
    const dataDir = options.dataDir ?? defaultDataDir();
    const clock = options.clock ?? systemClock;
    const now = () => clock.now();
    const newId = options.newId ?? randomUUID;
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const warnings = new WarningLog(now);
    const files = openCatalogFiles(dataDir, warnings, now);
    const settings = await files.settings.read();
    const core = new AppCore({
      dataDir,
      files,
      catalog: new Catalog(files, now, newId),
      vault: new TokenVault(options.secrets),
      history: CallHistory.open(path.join(dataDir, 'history.sqlite'), warnings, now),
      client: new WebhookClient(settings.http, now),
      warnings,
      clock,
      random: options.random ?? Math.random,
      newId,
      settings,
    });
    // Load the catalog now so a damaged file is reported at start, not later.
    await Promise.all([files.robots.read(), files.presets.read()]);
    if (options.resumeWatching !== false) {
      core.#tracker.start();
      core.#watchOtherProcesses();
    }
    return core;
  }

  /**
   * Take over calls the CLI left waiting (fired without --wait, or given up
   * at --timeout), so the app finishes watching them. Runs every few seconds
   * in a core that resumes watching; callable directly, e.g. on window focus.
   */
  adoptWaitingCalls(): Call[] {
    return this.#tracker.adoptWaitingFromHistory();
  }

  #watchOtherProcesses(): void {
    const tick = () => {
      if (this.#closed) return;
      try {
        this.adoptWaitingCalls();
      } catch {
        // A busy history file: next time.
      }
      void this.refreshFromDisk().catch(() => undefined);
      this.#adoptTimer = this.#clock.setTimer(tick, ADOPT_INTERVAL_MS);
    };
    this.#adoptTimer = this.#clock.setTimer(tick, ADOPT_INTERVAL_MS);
  }

  /**
   * Notice what another process (the CLI) changed in the data folder: new
   * settings take effect and are announced, and a changed catalog is
   * announced. Runs with the adopt tick; callable directly, e.g. on window focus.
   */
  async refreshFromDisk(): Promise<void> {
    const settings = await this.#files.settings.read();
    if (!this.#closed && JSON.stringify(settings) !== JSON.stringify(this.#settings)) {
      this.#applySettings(settings);
    }
    const [robots, presets] = await Promise.all([this.#files.robots.read(), this.#files.presets.read()]);
    // The files cache by mtime, so an unchanged file reads as the very same array.
    if (robots !== this.#seenCatalog.robots || presets !== this.#seenCatalog.presets) {
      await this.#emitCatalog();
    }
  }

  /** How many calls this process is sending or watching right now. */
  get watchingCount(): number {
    return this.#tracker.watchingCount;
  }

  subscribe(listener: (event: CoreEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ── Robots ────────────────────────────────────────────────────────────

  async listRobots(): Promise<RobotView[]> {
    return (await this.#catalog.robots()).map(view);
  }

  async getRobot(idOrName: string): Promise<RobotView> {
    const robot = await this.#catalog.findRobot(idOrName);
    if (robot === undefined)
      throw notFound(`Robot "${idOrName}"`, 'Check the name, or list robots to see them.');
    return view(robot);
  }

  async createRobot(input: unknown): Promise<RobotView> {
    const robot = await this.#catalog.createRobot(input);
    await this.#emitCatalog();
    return view(robot);
  }

  async updateRobot(id: string, patch: unknown): Promise<RobotView> {
    const robot = await this.#catalog.updateRobot(id, patch);
    await this.#emitCatalog();
    return view(robot);
  }

  /** Deletes the robot, its presets and its token. History keeps its calls. */
  async deleteRobot(id: string): Promise<void> {
    await this.#catalog.requireRobot(id);
    // Token first: if the keychain refuses, nothing is deleted and nothing is orphaned.
    await this.#vault.delete(id);
    await this.#catalog.deleteRobot(id);
    await this.#emitCatalog();
  }

  // ── Tokens ────────────────────────────────────────────────────────────

  async setToken(robotId: string, token: unknown): Promise<RobotView> {
    await this.#catalog.requireRobot(robotId);
    if (typeof token !== 'string') throw new AppError('validation', 'token: must be text.');
    await this.#vault.set(robotId, token);
    const robot = await this.#catalog.markToken(robotId, true);
    await this.#emitCatalog();
    return view(robot);
  }

  async clearToken(robotId: string): Promise<RobotView> {
    await this.#catalog.requireRobot(robotId);
    await this.#vault.delete(robotId);
    const robot = await this.#catalog.markToken(robotId, false);
    await this.#emitCatalog();
    return view(robot);
  }

  /** Asks the keychain itself, and repairs our note of it when they disagree. */
  async tokenStatus(robotId: string): Promise<{ hasToken: boolean; updatedAt: number | null }> {
    const robot = await this.#catalog.requireRobot(robotId);
    const hasToken = await this.#vault.has(robotId);
    if (hasToken !== (robot.tokenUpdatedAt !== null)) {
      const fixed = await this.#catalog.markToken(robotId, hasToken);
      await this.#emitCatalog();
      return { hasToken, updatedAt: fixed.tokenUpdatedAt };
    }
    return { hasToken, updatedAt: robot.tokenUpdatedAt };
  }

  // ── Presets ───────────────────────────────────────────────────────────

  listPresets(robotId?: string): Promise<Preset[]> {
    return this.#catalog.presets(robotId);
  }

  createPreset(input: unknown): Promise<Preset> {
    return this.#presetChange(this.#catalog.createPreset(input));
  }

  updatePreset(id: string, patch: unknown): Promise<Preset> {
    return this.#presetChange(this.#catalog.updatePreset(id, patch));
  }

  deletePreset(id: string): Promise<void> {
    return this.#presetChange(this.#catalog.deletePreset(id));
  }

  duplicatePreset(id: string): Promise<Preset> {
    return this.#presetChange(this.#catalog.duplicatePreset(id));
  }

  reorderPresets(robotId: string, ids: readonly string[]): Promise<Preset[]> {
    return this.#presetChange(this.#catalog.reorderPresets(robotId, ids));
  }

  // ── Firing and calls ──────────────────────────────────────────────────

  /** Trigger a robot; resolves when the service accepted or refused the call. */
  async fire(robotId: string, request: unknown, options: { notifyOnFinish?: boolean } = {}): Promise<Call> {
    const robot = await this.#catalog.requireRobot(robotId);
    const spec = await this.#fireSpec(robot, parseInput(FireRequest, request, 'fire'));
    // A call fired from the tray notifies when it ends, whatever its preset says.
    if (options.notifyOnFinish === true) spec.notifyOnFinish = true;
    return this.#tracker.fire(robot, spec);
  }

  /** The trigger as a curl command, with the token left as $ROBOT_TOKEN. */
  async curlCommand(robotId: string, request: unknown): Promise<string> {
    const robot = await this.#catalog.requireRobot(robotId);
    const spec = await this.#fireSpec(robot, parseInput(FireRequest, request, 'fire'));
    return buildCurlCommand(targetOf(robot), spec.method, spec.args);
  }

  listCalls(filter: unknown = {}): Call[] {
    const f = parseInput(CallFilter, filter, 'filter');
    return this.#history.list(f).map((c) => this.#tracker.live(c.id) ?? c);
  }

  /** A call by local id or by the service's webhookCallId. */
  getCall(idOrWebhookCallId: string): Call {
    const stored =
      this.#history.get(idOrWebhookCallId) ?? this.#history.getByWebhookCallId(idOrWebhookCallId);
    if (stored === undefined)
      throw notFound(`Call "${idOrWebhookCallId}"`, 'It may have been pruned or forgotten.');
    return this.#tracker.live(stored.id) ?? stored;
  }

  stopCall(id: string): Call {
    return this.#tracker.stop(this.getCall(id).id);
  }

  resumeCall(id: string): Promise<Call> {
    return this.#tracker.resume(this.getCall(id));
  }

  /**
   * Watch one waiting call in this process, e.g. `robot-tray status --wait`
   * for a call the app or another command fired.
   */
  watchCall(id: string): Call {
    return this.#tracker.adopt(this.getCall(id));
  }

  /** Fire again with exactly the method and arguments that call sent. */
  async refire(id: string): Promise<Call> {
    const call = this.getCall(id);
    const robot = await this.#catalog.requireRobot(call.robotId);
    const preset =
      call.presetId === null
        ? undefined
        : (await this.#catalog.presets(robot.id)).find((p) => p.id === call.presetId);
    return this.#tracker.fire(robot, {
      method: call.method,
      args: call.args,
      presetId: preset?.id ?? null,
      presetName: preset?.name ?? null,
      notifyOnFinish: call.notifyOnFinish,
    });
  }

  forgetCall(id: string): void {
    const call = this.getCall(id);
    if (call.state === 'sending') {
      // Its trigger is on the wire; forgetting now would lose what it answers.
      throw new AppError(
        'validation',
        "This call is still being sent. Wait for the service's answer, then forget it.",
      );
    }
    this.#tracker.drop(call.id);
    this.#history.delete(call.id);
    this.#lastHeard.delete(call.id);
    this.#emit({ type: 'calls.removed', ids: [call.id], finishedOf: null });
  }

  clearFinished(robotId?: string): number {
    const removed = this.#history.deleteFinished(robotId);
    if (removed > 0) {
      this.#emit({ type: 'calls.removed', ids: [], finishedOf: { robotId: robotId ?? null } });
    }
    return removed;
  }

  // ── Settings and warnings ─────────────────────────────────────────────

  getSettings(): Settings {
    return this.#settings;
  }

  async updateSettings(patch: unknown): Promise<Settings> {
    const fields = parseInput(SettingsPatch, patch, 'settings');
    const settings = await this.#files.settings.update((current) => {
      // Nested groups merge field by field: changing one timeout keeps the others.
      const next = {
        ...current,
        ...stripUndefined(fields),
        http: { ...current.http, ...stripUndefined(fields.http ?? {}) },
        pollPolicy: { ...current.pollPolicy, ...stripUndefined(fields.pollPolicy ?? {}) },
      };
      return { next, result: next };
    });
    this.#applySettings(settings);
    return settings;
  }

  #applySettings(settings: Settings): void {
    this.#settings = settings;
    this.#client.updateSettings(settings.http);
    this.#emit({ type: 'settings', settings });
  }

  warnings(): Warning[] {
    return this.#warnings.list();
  }

  dismissWarning(id: string): void {
    this.#warnings.dismiss(id);
    this.#emit({ type: 'warnings', warnings: this.#warnings.list() });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#adoptTimer !== undefined) this.#clock.clearTimer(this.#adoptTimer);
    await this.#tracker.close();
    await this.#client.closePools();
    this.#history.close();
    this.#listeners.clear();
  }

  async #fireSpec(robot: Robot, request: ReturnType<typeof FireRequest.parse>): Promise<FireSpec> {
    if (!('presetId' in request) || request.presetId === undefined) {
      return { method: request.method ?? 'POST', args: request.args ?? {} };
    }
    const preset = await this.#catalog.requirePreset(request.presetId);
    if (preset.robotId !== robot.id) {
      throw new AppError('validation', `presetId: preset "${preset.name}" belongs to another robot.`);
    }
    return {
      method: request.method ?? preset.method,
      args: { ...preset.args, ...request.args },
      presetId: preset.id,
      presetName: preset.name,
      notifyOnFinish: preset.notifyOnFinish,
    };
  }

  async #presetChange<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    await this.#emitCatalog();
    return result;
  }

  #emitCalls(calls: Call[]): void {
    const from: Record<string, CallState | null> = {};
    for (const call of calls) {
      from[call.id] = previousState(call, this.#lastHeard);
      if (isActive(call.state)) this.#lastHeard.set(call.id, call.state);
      else this.#lastHeard.delete(call.id);
    }
    this.#emit({ type: 'calls', calls, from });
  }

  /** Robots (with token status) and presets as they are now, to every subscriber. */
  async #emitCatalog(): Promise<void> {
    if (this.#listeners.size === 0) return;
    const [robots, presets] = await Promise.all([this.#files.robots.read(), this.#files.presets.read()]);
    this.#seenCatalog = { robots, presets };
    const sorted: Preset[] = [...presets].sort((a, b) => a.order - b.order || a.createdAt - b.createdAt);
    this.#emit({ type: 'catalog', robots: robots.map(view), presets: sorted });
  }

  #emit(event: CoreEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener that throws (a window being closed) must not break the core.
      }
    }
  }
}

function view(robot: Robot): RobotView {
  return { ...robot, hasToken: robot.tokenUpdatedAt !== null };
}
