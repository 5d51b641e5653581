import { stripUndefined } from '../shared/objects.ts';
import { Preset, PresetInput, PresetPatch } from '../shared/models/preset.ts';
import type { Robot } from '../shared/models/robot.ts';
import { isTeamId } from '../shared/models/teamCatalog.ts';
import { AppError, notFound, parseInput } from './errors.ts';
import type { CatalogTables as CatalogFiles } from './store/catalogTables.ts';
import { assertSafeTransport, assertSendable, sameName } from './catalogRules.ts';
import { newRobot, patchedRobot, type RobotFields, type RobotPatchFields } from './robotPatch.ts';

/** Told of a robot record about to be written (null before: a new one); throws to write nothing. */
export type RobotCheck = (before: Robot | null, after: Robot) => void;

export { assertSafeTransport, assertSendable, sameName };

/** Robots and presets that are fired and looked up like one's own, but never written here (the team catalog). */
export type ReadOnlySource = { robots(): Robot[]; presets(): Preset[] };

/**
 * Robots and presets: validation, unique names, ordering. Reads ask the
 * database each time (cheap: cached until the change log says they
 * changed), so a change the CLI made is seen by the app and the other way round.
 */
export class Catalog {
  readonly #files: CatalogFiles;
  readonly #now: () => number;
  readonly #newId: () => string;
  #team: ReadOnlySource = { robots: () => [], presets: () => [] };

  constructor(files: CatalogFiles, now: () => number, newId: () => string) {
    this.#files = files;
    this.#now = now;
    this.#newId = newId;
  }

  /** The team catalog's robots and presets: found by id or name after one's own, never changed here. */
  setTeam(source: ReadOnlySource): void {
    this.#team = source;
  }

  /** One's own robots (the team's: `teamRobots`); `maxAgeMs`: see RecordTable.read. */
  async robots(options?: { maxAgeMs?: number }): Promise<Robot[]> {
    return this.#files.robots.read(options);
  }

  teamRobots(): Robot[] {
    return this.#team.robots();
  }

  /**
   * Every robot's name now, one's own and the team's, by id: a call stores
   * its robot's name as it was when fired, and lists show today's (read from
   * a copy of the robots at most a second old; see RecordTable.read).
   */
  robotNames(): Map<string, string> {
    const robots = [...this.#files.robots.read({ maxAgeMs: 1_000 }), ...this.#team.robots()];
    return new Map(robots.map((r) => [r.id, r.name]));
  }

  /**
   * A robot by id. `maxAgeMs` allows a copy of the robots checked that
   * recently (see RecordTable.read); a robot missing from it is looked for
   * again, since another process may have just added it.
   */
  async robot(id: string, options?: { maxAgeMs?: number }): Promise<Robot | undefined> {
    const find = (robots: Robot[]) =>
      robots.find((r) => r.id === id) ?? this.#team.robots().find((r) => r.id === id);
    const recent = find(await this.robots(options));
    return recent !== undefined || options?.maxAgeMs === undefined ? recent : find(await this.robots());
  }

  async requireRobot(id: string): Promise<Robot> {
    const robot = await this.robot(id);
    if (robot === undefined) throw notFound('That robot', 'It may have been deleted; refresh the list.');
    return robot;
  }

  /** A robot by id or, for people typing in a terminal, by its name. */
  async findRobot(idOrName: string): Promise<Robot | undefined> {
    const name = idOrName.trim();
    // One's own first: a robot copied from the team's keeps its name and wins.
    // Names are unique as sameName compares them, so an exact match is the match.
    for (const robots of [await this.robots(), this.#team.robots()]) {
      const robot =
        robots.find((r) => r.id === idOrName) ??
        robots.find((r) => r.name === name) ??
        robots.find((r) => sameName(r.name, name));
      if (robot !== undefined) return robot;
    }
    return undefined;
  }

  /** findRobot, or a not-found error that says how to see the robots there are. */
  async requireRobotNamed(idOrName: string): Promise<Robot> {
    const robot = await this.findRobot(idOrName);
    if (robot === undefined)
      throw notFound(`Robot "${idOrName}"`, 'Check the name, or list robots to see them.');
    return robot;
  }

  /**
   * Saves a new robot, parsed and its CA file checked by the caller. `check`
   * sees the record as it will be written, while the file is locked: the
   * trust check, which throws to write nothing.
   */
  createRobot(fields: RobotFields, check: RobotCheck): Promise<Robot> {
    return this.#files.robots.update((robots) => {
      this.#assertRobotNameFree(robots, fields.name);
      const robot = newRobot(fields, this.#newId(), this.#now());
      assertSafeTransport(robot);
      check(null, robot);
      return { next: [...robots, robot], result: robot };
    });
  }

  /** Changes a robot, as createRobot: `check` sees the record before and after. */
  updateRobot(id: string, fields: RobotPatchFields, check: RobotCheck): Promise<Robot> {
    return this.#files.robots.update((robots) => {
      const index = robots.findIndex((r) => r.id === id);
      if (index < 0) throw notFound('That robot', 'It may have been deleted; refresh the list.');
      if (fields.name !== undefined) this.#assertRobotNameFree(robots, fields.name, id);
      const current = robots[index]!;
      const robot = patchedRobot(current, fields, this.#now());
      if (fields.baseUrl !== undefined || fields.allowInsecureHttp !== undefined) assertSafeTransport(robot);
      check(current, robot);
      const next = [...robots];
      next[index] = robot;
      return { next, result: robot };
    });
  }

  /** Note that a token is now stored for `origin` (null: none is stored). */
  markToken(id: string, origin: string | null): Promise<Robot> {
    return this.#noteToken(id, (robot, now) => ({
      ...robot,
      tokenUpdatedAt: origin === null ? null : now,
      tokenOrigin: origin,
      updatedAt: now,
    }));
  }

  #noteToken(id: string, change: (robot: Robot, now: number) => Robot): Promise<Robot> {
    return this.#files.robots.update((robots) => {
      const index = robots.findIndex((r) => r.id === id);
      if (index < 0) throw notFound('That robot', 'It may have been deleted; refresh the list.');
      const robot = change(robots[index]!, this.#now());
      const next = [...robots];
      next[index] = robot;
      return { next, result: robot };
    });
  }

  async deleteRobot(id: string): Promise<void> {
    await this.#files.presets.update((presets) => ({
      next: presets.filter((p) => p.robotId !== id),
      result: undefined,
    }));
    await this.#files.robots.update((robots) => ({
      next: robots.filter((r) => r.id !== id),
      result: undefined,
    }));
  }

  /** One's own presets, or the presets of one robot (the team's when it is a team robot). */
  async presets(robotId?: string): Promise<Preset[]> {
    const own = await this.#files.presets.read();
    const all = robotId !== undefined && isTeamId(robotId) ? this.#team.presets() : own;
    return all
      .filter((p) => robotId === undefined || p.robotId === robotId)
      .sort((a, b) => a.order - b.order || a.createdAt - b.createdAt);
  }

  async requirePreset(id: string): Promise<Preset> {
    const preset =
      (await this.#files.presets.read()).find((p) => p.id === id) ??
      this.#team.presets().find((p) => p.id === id);
    if (preset === undefined) throw notFound('That preset', 'It may have been deleted; refresh the list.');
    return preset;
  }

  async createPreset(input: unknown): Promise<Preset> {
    const fields = parseInput(PresetInput, input, 'preset');
    await this.requireRobot(fields.robotId);
    return this.#files.presets.update((presets) => {
      const siblings = presets.filter((p) => p.robotId === fields.robotId);
      this.#assertPresetNameFree(siblings, fields.name);
      const now = this.#now();
      const order = siblings.reduce((max, p) => Math.max(max, p.order + 1), 0);
      const preset = Preset.parse({ ...fields, id: this.#newId(), order, createdAt: now, updatedAt: now });
      assertSendable(preset);
      return { next: [...presets, preset], result: preset };
    });
  }

  updatePreset(id: string, patch: unknown): Promise<Preset> {
    const fields = parseInput(PresetPatch, patch, 'preset');
    return this.#files.presets.update((presets) => {
      const index = presets.findIndex((p) => p.id === id);
      const current = presets[index];
      if (current === undefined) throw notFound('That preset', 'It may have been deleted; refresh the list.');
      if (fields.name !== undefined) {
        this.#assertPresetNameFree(
          presets.filter((p) => p.robotId === current.robotId),
          fields.name,
          id,
        );
      }
      const preset = Preset.parse({ ...current, ...stripUndefined(fields), updatedAt: this.#now() });
      assertSendable(preset);
      const next = [...presets];
      next[index] = preset;
      return { next, result: preset };
    });
  }

  deletePreset(id: string): Promise<void> {
    return this.#files.presets.update((presets) => {
      if (!presets.some((p) => p.id === id))
        throw notFound('That preset', 'It may have been deleted already.');
      return { next: presets.filter((p) => p.id !== id), result: undefined };
    });
  }

  async duplicatePreset(id: string): Promise<Preset> {
    const source = await this.requirePreset(id);
    const names = (await this.presets(source.robotId)).map((p) => p.name);
    let name = `${source.name} copy`;
    for (let n = 2; names.some((existing) => sameName(existing, name)); n++)
      name = `${source.name} copy ${n}`;
    return this.createPreset({
      robotId: source.robotId,
      name,
      method: source.method,
      args: source.args,
      fields: source.fields,
      pinnedToTray: source.pinnedToTray,
      notifyOnFinish: source.notifyOnFinish,
    });
  }

  /** Set the order of a robot's presets; `ids` must list each of them once. */
  reorderPresets(robotId: string, ids: readonly string[]): Promise<Preset[]> {
    return this.#files.presets.update((presets) => {
      const mine = presets.filter((p) => p.robotId === robotId);
      const wanted = new Set(ids);
      if (wanted.size !== ids.length || mine.length !== ids.length || mine.some((p) => !wanted.has(p.id))) {
        throw new AppError(
          'validation',
          "ids: must list each of the robot's presets exactly once; refresh and try again.",
        );
      }
      const position = new Map(ids.map((id, i) => [id, i]));
      const next = presets.map((p) => (p.robotId === robotId ? { ...p, order: position.get(p.id)! } : p));
      return { next, result: next.filter((p) => p.robotId === robotId).sort((a, b) => a.order - b.order) };
    });
  }

  #assertRobotNameFree(robots: Robot[], name: string, exceptId?: string): void {
    if (robots.some((r) => r.id !== exceptId && sameName(r.name, name))) {
      throw new AppError('validation', `name: a robot named "${name}" already exists; choose another name.`);
    }
    // Commands find a robot by id or name: a name equal to another robot's id would hide that robot.
    if (robots.some((r) => r.id !== exceptId && r.id === name)) {
      throw new AppError('validation', `name: "${name}" is another robot's id; choose another name.`);
    }
  }

  #assertPresetNameFree(presets: Preset[], name: string, exceptId?: string): void {
    if (presets.some((p) => p.id !== exceptId && sameName(p.name, name))) {
      throw new AppError(
        'validation',
        `name: this robot already has a preset named "${name}"; choose another name.`,
      );
    }
  }
}
