import type { AddressInfo } from 'node:net';
import { CallStore, type CallRecord } from './calls.ts';
import { loadConfigFile } from './configFile.ts';
import { addRobot, rotateToken, setFaults } from './control.ts';
import { DEMO_ROBOTS } from './demoRobots.ts';
import { seededRandom, type RandomSource } from './random.ts';
import { RequestLog, type LoggedRequest } from './requestLog.ts';
import { RobotRegistry } from './robots.ts';
import { createScheduler } from './scheduler.ts';
import {
  SandboxConfigSchema,
  type AfterFailure,
  type AfterNoResponse,
  type FaultConfig,
  type ParsedSandboxConfig,
  type RobotDefinition,
  type SandboxConfig,
} from './schema.ts';
import { createSandboxServer } from './server.ts';
import type { SandboxState, Settings } from './state.ts';
import { parseWith } from './validation.ts';

export type SandboxOptions = {
  /** PEM key and certificate: serve https instead of http. */
  tls?: { key: string; cert: string };
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. The admin API lists tokens: bind wider only on a trusted network. */
  host?: string;
  /** Robots added to (or replacing same-named) demo robots, after those of configFile. */
  config?: SandboxConfig;
  configFile?: string;
  demoRobots?: boolean;
  queryRequiresToken?: boolean;
  retentionMs?: number;
  bodyLimitBytes?: number;
  triggerStatus?: 200 | 201 | 202;
  afterNoResponse?: AfterNoResponse;
  afterFailure?: AfterFailure;
  /** Clock for retention, log times and Retry-After dates. */
  now?: () => number;
  /** Source of randomness for fault rates and random waits; `seed` makes a reproducible one, and stable robot tokens. */
  random?: RandomSource;
  seed?: number;
  /** How many service requests requests() keeps (default 10,000). */
  requestLogLimit?: number;
};

export type Sandbox = {
  baseUrl: string;
  readonly robots: Array<{ name: string; token: string }>;
  tokenOf(name: string): string;
  /** Adds a robot, or replaces the one of that name; without a token, a replaced robot keeps its own. */
  addRobot(definition: RobotDefinition): { name: string; token: string };
  rotateToken(name: string): string;
  setFaults(faults: FaultConfig, robotName?: string): void;
  calls(): CallRecord[];
  /** Resolves when the call's result is final (DONE, FINISHED or FAILED): for tests that must not sleep. */
  whenSettled(webhookCallId: string): Promise<CallRecord>;
  /** Ends the call's current wait step now, as if its time had passed; false if it is not waiting. */
  skipWait(webhookCallId: string): boolean;
  requests(): LoggedRequest[];
  close(): Promise<void>;
};

const DEFAULTS: Settings = {
  queryRequiresToken: false,
  retentionMs: 3_600_000,
  bodyLimitBytes: 1024 * 1024,
  triggerStatus: 200,
  afterNoResponse: 'waiting',
  afterFailure: 'failed-status',
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const configs: ParsedSandboxConfig[] = [];
  if (options.configFile !== undefined) configs.push(await loadConfigFile(options.configFile));
  if (options.config !== undefined)
    configs.push(parseWith(SandboxConfigSchema, options.config, 'invalid config'));

  const settings = resolveSettings(configs, options);
  const now = options.now ?? Date.now;
  const seed = options.seed ?? configs.findLast((c) => c.seed !== undefined)?.seed;
  const random = options.random ?? (seed === undefined ? Math.random : seededRandom(seed));
  const state: SandboxState = {
    settings,
    robots: new RobotRegistry(seed),
    calls: new CallStore(settings.retentionMs, now),
    globalFaults: {},
    scheduler: createScheduler(),
    random,
    now,
    log: new RequestLog(options.requestLogLimit ?? 10_000),
  };
  if (options.demoRobots !== false) for (const robot of DEMO_ROBOTS) state.robots.add(robot);
  for (const config of configs) {
    for (const robot of config.robots) state.robots.add(robot);
    if (config.faults !== undefined) state.globalFaults = config.faults;
  }

  const server = createSandboxServer(state, options.tls);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Retention is also enforced on every lookup; the sweep only frees memory.
  const sweeper = setInterval(
    () => state.calls.sweep(),
    Math.max(1_000, Math.min(settings.retentionMs, 60_000)),
  );
  sweeper.unref();

  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  let closed: Promise<void> | undefined;
  return {
    baseUrl: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    get robots() {
      return state.robots.list().map(({ name, token }) => ({ name, token }));
    },
    tokenOf: (name) => state.robots.get(name).token,
    addRobot: (definition) => addRobot(state, definition),
    rotateToken: (name) => rotateToken(state, name),
    setFaults: (faults, robotName) => void setFaults(state, faults, robotName),
    calls: () => state.calls.list(),
    whenSettled: (id) => state.calls.whenSettled(id),
    skipWait: (id) => state.calls.skipWait(id),
    requests: () => state.log.list(),
    close() {
      closed ??= new Promise<void>((resolve) => {
        clearInterval(sweeper);
        state.scheduler.cancelAll();
        state.calls.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

/** Defaults, then each config in order, then explicit options win. */
function resolveSettings(configs: ParsedSandboxConfig[], options: SandboxOptions): Settings {
  const settings: Settings = { ...DEFAULTS };
  const layers: Array<Partial<Record<keyof Settings, unknown>>> = [...configs, options];
  for (const layer of layers) {
    for (const key of Object.keys(DEFAULTS) as Array<keyof Settings>) {
      if (layer[key] !== undefined) (settings as Record<keyof Settings, unknown>)[key] = layer[key];
    }
  }
  return settings;
}
