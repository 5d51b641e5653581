import { TRIGGER_PATH } from '../../src/core/http/targetUrl.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { QueryResult, TriggerResult, WebhookClient } from '../../src/core/http/webhookClient.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import { CallTracker } from '../../src/core/tracker/callTracker.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { Robot } from '../../src/shared/models/robot.ts';
import { defaultSettings, type Settings } from '../../src/shared/models/settings.ts';
import { EchoKeys } from '../../src/core/vault/echoKeys.ts';
import { FakeClock } from './fakeClock.ts';
import { memorySecrets } from './memorySecrets.ts';

/**
 * The call tracker on its own: a real history file and a fake clock, with the
 * service replaced by a client whose answers each test writes. Every delay
 * follows from the policy (first 1 s, doubling, at most 8 s) with the jitter
 * fixed at one half.
 */
export const POLICY = { firstDelayMs: 1_000, factor: 2, maxDelayMs: 8_000, watchDeadlineMs: 600_000 };
export const WAITING: QueryResult = {
  status: 'WAITING',
  response: undefined,
  hasResponse: false,
  body: { status: 'WAITING' },
};
export const DONE: QueryResult = {
  status: 'DONE',
  response: { ok: true },
  hasResponse: true,
  body: { status: 'DONE', response: { ok: true } },
};

export const robot = Robot.parse({
  id: 'r1',
  name: 'Invoices',
  baseUrl: 'https://robots.example.com',
  createdAt: 1,
  updatedAt: 1,
});

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A call of `robot` as another process would have stored it. */
export function storedCall(id: string, extra: Partial<Call> = {}): Call {
  // Recorded as an earlier Robot Tray did: with the trigger's url, before calls kept their origin.
  const url = `${robot.baseUrl}${TRIGGER_PATH}`;
  return { ...newCall(robot, { method: 'POST', args: {} }, id, 5, url), ...extra };
}

export class ScriptedClient {
  readonly triggers: Array<{ method: string; url: string }> = [];
  readonly queries: string[] = [];
  #ids = 0;
  trigger: () => Promise<TriggerResult> = async () => ({
    webhookCallId: `wh-${++this.#ids}`,
    status: 200,
    body: {},
  });
  answer: (webhookCallId: string) => Promise<QueryResult> = async () => WAITING;

  asClient(): WebhookClient {
    return {
      trigger: (target: { origin: string }, _token: string, method: string) => {
        this.triggers.push({ method, url: target.origin });
        return this.trigger();
      },
      query: (_target: unknown, _token: unknown, webhookCallId: string) => {
        this.queries.push(webhookCallId);
        return this.answer(webhookCallId);
      },
    } as unknown as WebhookClient;
  }
}

export type TrackerHarness = Awaited<ReturnType<typeof openTrackerHarness>>;

export async function openTrackerHarness() {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-tracker-'));
  const clock = new FakeClock(1_000_000);
  const history = CallHistory.open(path.join(dir, 'robot-tray.sqlite'), new WarningLog());
  const client = new ScriptedClient();
  const robots = new Map([['r1', robot]]);
  const changes: Call[][] = [];
  let ids = 0;
  const h = {
    clock,
    history,
    /** The history file, for a second process's connection. */
    historyFile: path.join(dir, 'robot-tray.sqlite'),
    client,
    robots,
    /** Set: the robot lookup fails, as a database another program holds or damaged for a moment. */
    lookupFails: undefined as Error | undefined,
    changes,
    settings: { ...defaultSettings, pollPolicy: POLICY } as Settings,
    tracker: undefined as unknown as CallTracker,
    /** The masks of the calls' secrets, kept while each call is watched. */
    echo: new EchoKeys(memorySecrets()),
    /** Lets every promise the fakes resolved run to its end (they do no I/O). */
    async settle() {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    },
    /** Fires the next poll and lets its answer be recorded. */
    async pollOnce() {
      expect(clock.runNext()).toBe(true);
      await h.settle();
    },
    untilNextPoll: () => clock.nextDue()! - clock.now(),
    fire: (method: 'POST' | 'GET' = 'POST', args = {}) => h.tracker.fire(robot, { method, args }),
    async close() {
      await h.tracker.close();
      history.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  h.tracker = new CallTracker({
    history,
    client: client.asClient(),
    robotById: async (id) => {
      if (h.lookupFails !== undefined) throw h.lookupFails;
      return robots.get(id);
    },
    tokenFor: async (robot) => (robot.id === 'r1' ? 'secret-token' : undefined),
    echo: h.echo,
    settings: () => h.settings,
    clock,
    random: () => 0.5,
    newId: () => `call-${++ids}`,
    warn: () => undefined,
  });
  h.tracker.subscribe((calls) => changes.push(calls));
  return h;
}
