import { createHmac, randomBytes } from 'node:crypto';
import { RobotDefinitionSchema, type ParsedRobotDefinition } from './schema.ts';
import { SandboxValidationError, parseWith } from './validation.ts';

export type Robot = ParsedRobotDefinition & { token: string };

/** The spec leaves the token format open; 32 URL-safe characters, like a generated secret. */
export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * A robot's token derived from the sandbox's seed and its name: the same at
 * every start with that seed, so a restarted sandbox needs no `token set`
 * again. Predictable by anyone who knows the seed, which is fine for a local
 * simulator and never for a real service.
 */
export function seededToken(seed: number, name: string): string {
  return createHmac('sha256', `robot-tray-sandbox-seed:${seed}`)
    .update(name)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Robots by name and by token. One token per robot: rotating its token, or
 * replacing the robot with a definition that names another token, drops the
 * old token from the index at once, as generating a new token in the
 * Designer does. Replacing a robot without naming a token keeps its token:
 * editing a robot in the Designer does not change it either.
 */
export class RobotRegistry {
  readonly #byName = new Map<string, Robot>();
  readonly #byToken = new Map<string, Robot>();
  readonly #newToken: (name: string) => string;

  /** With a seed, a robot without a token of its own gets one derived from the seed and its name. */
  constructor(seed?: number) {
    this.#newToken = seed === undefined ? generateToken : (name) => seededToken(seed, name);
  }

  /**
   * Adds or replaces (by name); a new robot without a token gets a generated
   * one (random, or derived from the seed).
   * Throws SandboxValidationError on a bad definition or a token in use.
   */
  add(definition: unknown): Robot {
    const parsed = parseWith(RobotDefinitionSchema, definition, 'invalid robot');
    const previous = this.#byName.get(parsed.name);
    const token = parsed.token ?? previous?.token ?? this.#newToken(parsed.name);
    const holder = this.#byToken.get(token);
    if (holder !== undefined && holder.name !== parsed.name) {
      throw new SandboxValidationError(`invalid robot: token: already used by robot "${holder.name}"`);
    }
    if (previous !== undefined) this.#byToken.delete(previous.token);
    const robot: Robot = { ...parsed, token };
    this.#byName.set(robot.name, robot);
    this.#byToken.set(token, robot);
    return robot;
  }

  rotateToken(name: string): string {
    const robot = this.get(name);
    const token = generateToken();
    this.#byToken.delete(robot.token);
    const rotated: Robot = { ...robot, token };
    this.#byName.set(name, rotated);
    this.#byToken.set(token, rotated);
    return token;
  }

  setFaults(name: string, faults: Robot['faults']): void {
    const robot = this.get(name);
    const updated: Robot = { ...robot, faults };
    this.#byName.set(name, updated);
    this.#byToken.set(updated.token, updated);
  }

  /** Throws for an unknown robot. */
  get(name: string): Robot {
    const robot = this.#byName.get(name);
    if (robot === undefined) throw new UnknownRobotError(name);
    return robot;
  }

  find(name: string): Robot | undefined {
    return this.#byName.get(name);
  }

  /** Map lookup, not a constant-time compare: this is a local simulator, not a vault. */
  byToken(token: string): Robot | undefined {
    return this.#byToken.get(token);
  }

  list(): Robot[] {
    return [...this.#byName.values()];
  }
}

export class UnknownRobotError extends Error {
  override name = 'UnknownRobotError';
  constructor(robotName: string) {
    super(`unknown robot "${robotName}"`);
  }
}
