import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { callOutcome } from '../../src/shared/sentences/callOutcome.ts';
import { whenCall } from '../support/coreEvents.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { startScriptedService } from '../support/scriptedService.ts';
import { makeTlsFixtures, type Pem, type TlsFixtures } from '../support/tlsFixtures.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';
import {
  faultCases,
  faultsMarkdown,
  send,
  type FaultCase,
  type Handler,
  type Place,
} from './faults/index.ts';

/**
 * Every case of the fault matrix (faults/) against one core with short
 * timeouts and a fake clock: the case's call ends in its documented state
 * with its documented words, while a call to the sandbox fired alongside is
 * served to done. Nothing sleeps: the clock is moved to run the first poll,
 * and the slowest case waits out a 1 s request deadline.
 */
const TOKEN = 'fault-matrix-token-0123456789';
const DOCS = path.join(import.meta.dirname, '../../docs/FAULTS.md');

let clock: FakeClock;
let core: AppCore;
let sandbox: Sandbox;
let hostile: Awaited<ReturnType<typeof startScriptedService>>;
let fixtures: TlsFixtures;
let controlRobotId: string;
const handlers = new Map<string, { trigger?: Handler; query?: Handler }>();
const cleanups: Array<() => Promise<unknown>> = [];
const places = new Map<Place, string>();

async function listen(server: NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as { port: number }).port;
}

async function tlsPlace(pem: Pem): Promise<string> {
  const server = createHttpsServer({ key: pem.key, cert: pem.cert }, (_req, res) =>
    send(res, 200, { webhookCallId: 'w-tls' }),
  );
  return `https://127.0.0.1:${await listen(server)}`;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-faults-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function openCore(options: Partial<Parameters<typeof AppCore.open>[0]> = {}): Promise<AppCore> {
  const opened = await AppCore.open({ dataDir: await tempDir(), secrets: memorySecrets(), ...options });
  await opened.updateSettings({
    http: {
      connectTimeoutMs: 300,
      headersTimeoutMs: 300,
      bodyTimeoutMs: 300,
      // Well past the idle timers: on a busy machine a late timer must not turn one failure into another.
      requestDeadlineMs: 3_000,
      queryResponseCapBytes: 6 * 1024 * 1024,
    },
    network: { proxyMode: 'none' },
  });
  cleanups.push(() => opened.close());
  return opened;
}

beforeAll(async () => {
  clock = new FakeClock();
  fixtures = await makeTlsFixtures();
  cleanups.push(() => fixtures.close());
  sandbox = await startSandbox({ demoRobots: false, seed: 7 });
  cleanups.push(() => sandbox.close());
  hostile = await startScriptedService((req, res) => {
    const [, caseId, ...rest] = req.url.split('/');
    const scripted = handlers.get(caseId ?? '');
    const isTrigger = `/${rest.join('/')}`.startsWith('/main/public/webhook/request');
    const handler = isTrigger ? scripted?.trigger : scripted?.query;
    if (handler !== undefined) handler(req, res);
    else if (isTrigger) send(res, 200, { webhookCallId: `w-${caseId}` });
    else send(res, 200, { status: 'WAITING' });
  });
  cleanups.push(() => hostile.close());
  core = await openCore({ clock, random: () => 0.5 });
  const { token } = sandbox.addRobot({ name: 'control', flow: [{ type: 'respond', echo: true }] });
  const control = await core.createRobot({ name: 'control', baseUrl: sandbox.baseUrl });
  await core.setToken(control.id, token);
  controlRobotId = control.id;

  const closed = createNetServer();
  const closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  places.set('closed-port', `http://127.0.0.1:${closedPort}`);
  places.set('dns-failure', 'https://robot-tray-fault-matrix.invalid');
  places.set('tls-self-signed', await tlsPlace(fixtures.selfSigned));
  places.set('tls-expired', await tlsPlace(fixtures.expired));
  places.set('tls-wrong-host', await tlsPlace(fixtures.otherHost));
  // Accepts TCP and says nothing: the TLS handshake never ends.
  places.set('tls-silent', `https://127.0.0.1:${await listen(createNetServer())}`);
  // A proxy that reads the CONNECT and hangs up.
  const closer = createNetServer((socket) => socket.once('data', () => socket.destroy()));
  places.set('proxy-closes-connect', `http://127.0.0.1:${await listen(closer)}`);
}, 30_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

type Prepared = { core: AppCore; robotId: string; afterTrigger?: () => Promise<void>; settles: boolean };

/** The robot a case fires, in the core that fires it. */
async function prepare(c: FaultCase): Promise<Prepared> {
  const setup = c.setup;
  const robotIn = async (
    into: AppCore,
    baseUrl: string,
    extra: Record<string, unknown> = {},
    token = TOKEN,
  ) => {
    const robot = await into.createRobot({ name: c.id, baseUrl, ...extra }, trustConfirmed);
    await into.setToken(robot.id, token);
    return robot.id;
  };
  if (setup.kind === 'scripted') {
    handlers.set(c.id, { trigger: setup.trigger, query: setup.query });
    return { core, robotId: await robotIn(core, `${hostile.url}/${c.id}`), settles: false };
  }
  if (setup.kind === 'sandbox') {
    const { token } = sandbox.addRobot({ name: c.id, ...setup.robot });
    const robotId = await robotIn(core, sandbox.baseUrl, {}, setup.coreToken ?? token);
    const settles = !setup.robot.flow.some((step) => step.type === 'wait' || step.type === 'waitRandom');
    return { core, robotId, settles };
  }
  switch (setup.place) {
    case 'tls-expired':
    case 'tls-wrong-host':
      // The robot trusts the CA, so the certificate's date or name is the only fault.
      return {
        core,
        robotId: await robotIn(core, places.get(setup.place)!, { caFile: fixtures.ca.certFile }),
        settles: false,
      };
    case 'proxy-closes-connect':
    case 'proxy-invalid-url':
    case 'proxy-absent': {
      const proxy =
        setup.place === 'proxy-closes-connect'
          ? places.get('proxy-closes-connect')!
          : setup.place === 'proxy-invalid-url'
            ? 'ftp://proxy.example:21'
            : places.get('closed-port')!;
      const proxied = await openCore({ clock: new FakeClock(), resumeWatching: false, network: { proxy } });
      return { core: proxied, robotId: await robotIn(proxied, 'https://robots.example'), settles: false };
    }
    case 'service-goes-away': {
      const service = await startScriptedService((_req, res) => send(res, 200, { webhookCallId: 'w-gone' }));
      return {
        core,
        robotId: await robotIn(core, service.url),
        afterTrigger: () => service.close(),
        settles: false,
      };
    }
    default:
      return { core, robotId: await robotIn(core, places.get(setup.place)!), settles: false };
  }
}

/** Fire the case's robot and, once accepted, run its first poll; the control call is polled in the same tick. */
async function play(c: FaultCase): Promise<{ call: Call; control: Call }> {
  const control = await core.fire(controlRobotId, { method: 'POST', args: { case: c.id } });
  await sandbox.whenSettled(control.webhookCallId!);
  const prepared = await prepare(c);
  const fired = await prepared.core.fire(prepared.robotId, { method: 'POST', args: { n: 1 } });
  if (fired.state === 'waiting') {
    await prepared.afterTrigger?.();
    if (prepared.settles) await sandbox.whenSettled(fired.webhookCallId!);
  }
  const ended = whenCall(prepared.core, fired.id, (x) => x.state !== 'waiting' || x.pollCount >= 1);
  const served = whenCall(core, control.id, (x) => x.state === 'done');
  clock.advance(60_000);
  const [call, controlCall] = await Promise.all([ended, served]);
  if (call.state === 'waiting') prepared.core.stopCall(call.id);
  return { call, control: controlCall };
}

describe('fault matrix', () => {
  test('has at least 50 cases, each named once', () => {
    expect(faultCases.length).toBeGreaterThanOrEqual(50);
    expect(new Set(faultCases.map((c) => c.id)).size).toBe(faultCases.length);
  });

  test.each(faultCases.map((c) => [c.id, c] as const))(
    '%s',
    async (_id, c) => {
      const { call, control } = await play(c);
      const sentence = callOutcome(call);
      expect({ state: call.state, words: sentence.includes(c.words) ? c.words : sentence }).toEqual({
        state: c.state,
        words: c.words,
      });
      // What people read is capped, whatever the service sent.
      expect(sentence.length).toBeLessThan(1_000);
      expect(control.state).toBe('done');
    },
    10_000,
  );

  test('docs/FAULTS.md is this table', async () => {
    // Formatted as the repository's Prettier would, so the file stays both generated and lint-clean.
    const options = (await resolveConfig(DOCS)) ?? {};
    const expected = await format(faultsMarkdown(faultCases), { ...options, parser: 'markdown' });
    if (process.env['FAULTS_WRITE'] === '1') await writeFile(DOCS, expected);
    expect(await readFile(DOCS, 'utf8')).toBe(expected);
    const architecture = await readFile(path.join(import.meta.dirname, '../../docs/architecture.md'), 'utf8');
    expect(/what they do next: (\d+) cases/.exec(architecture.replace(/\s+/g, ' '))?.[1]).toBe(
      String(faultCases.length),
    );
  });
});
