import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Diagnosis } from '../../src/core/http/probe.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { proxiedUrl, startProxy, type TestProxy } from '../support/proxyServer.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';

/**
 * `doctor`: the way to a robot's service, diagnosed without firing it, over
 * real sockets on loopback. Whatever it finds, it never sends the token and
 * never starts the robot.
 */
let fx: TlsFixtures;
beforeAll(async () => {
  fx = await makeTlsFixtures();
}, 60_000);
afterAll(() => fx.close());

let h: CoreHarness;
let proxy: TestProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await h.close();
});
const flow = [{ type: 'respond' as const, echo: true }];

/** What the sandbox saw: no call started, no request carrying a token. */
function nothingFired(): void {
  expect(h.sandbox.calls()).toEqual([]);
  expect(JSON.stringify(h.sandbox.requests())).not.toContain('x-service-token');
}

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('doctor', () => {
  test('a plain http robot: its host resolved, the direct route, the endpoint answering OPTIONS', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Echo', flow });
    const started = performance.now();
    const d: Diagnosis = await h.core.diagnose(robot.id);
    const took = performance.now() - started;
    const url = new URL(h.sandbox.baseUrl);
    expect(d).toMatchObject({ origin: url.origin, host: url.host, pin: null, tls: null });
    expect(d.dns).toMatchObject({ addresses: ['127.0.0.1'], ms: expect.any(Number) });
    expect(d.route).toMatchObject({ kind: 'direct', proxy: null });
    expect(d.endpoint).toMatchObject({
      method: 'OPTIONS',
      path: '/main/public/webhook/request',
      status: expect.any(Number),
      ms: expect.any(Number),
    });
    expect(d.trust).toEqual({ systemStore: true, caFiles: [] });
    // Durations within the diagnosis, not clock readings.
    expect((d.dns as { ms: number }).ms).toBeLessThanOrEqual(Math.ceil(took));
    expect((d.endpoint as { ms: number }).ms).toBeLessThanOrEqual(Math.ceil(took));
    expect(h.sandbox.requests()).toEqual([
      expect.objectContaining({
        method: 'OPTIONS',
        path: '/main/public/webhook/request',
        headers: expect.objectContaining({ accept: 'application/json' }),
      }),
    ]);
    nothingFired();
  });

  test("https with the robot's own CA: the certificate chain and the handshake time; without it, the refusal", async () => {
    h = await openCoreHarness({ sandbox: { tls: { key: fx.good.key, cert: fx.good.cert } } });
    const trusted = await h.addRobot({ name: 'Corp', flow }, { caFile: fx.ca.certFile });
    const ok = await h.core.diagnose(trusted.id);
    expect(ok.trust.caFiles).toEqual([{ file: fx.ca.certFile, source: 'robot "Corp"' }]);
    expect(ok.tls).toMatchObject({
      protocol: 'TLSv1.3',
      cipher: expect.stringMatching(/^TLS_/),
      authorized: true,
      authorizationError: null,
    });
    // From the leaf up to the self-issued root, each named and dated.
    expect(ok.tls?.chain).toEqual([
      {
        subject: 'robots.test',
        issuer: 'Robot Tray Test Corp Root CA',
        names: ['127.0.0.1', 'localhost', 'robots.test'],
        validFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
        validTo: expect.stringMatching(/^\d{4}-/),
        fingerprint256: fx.good.fingerprint256,
      },
      expect.objectContaining({
        subject: 'Robot Tray Test Corp Root CA',
        issuer: 'Robot Tray Test Corp Root CA',
        names: [],
        fingerprint256: fx.ca.fingerprint256,
      }),
    ]);
    expect(ok.connectMs).toEqual(expect.any(Number));
    expect(ok.endpoint).toMatchObject({ method: 'OPTIONS', status: expect.any(Number) });

    const untrusted = await h.addRobot({ name: 'No CA', flow });
    const refused = await h.core.diagnose(untrusted.id);
    // The certificate is shown even though it was refused: people need it to decide.
    expect(refused.tls).toMatchObject({
      authorized: false,
      authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    expect(refused.tls?.chain.map((c) => c.subject)).toEqual(['robots.test']);
    expect(refused.endpoint).toMatchObject({
      kind: 'network',
      error: expect.stringContaining('does not trust'),
    });
    nothingFired();
  });

  test('a pinned robot shows its pin', async () => {
    h = await openCoreHarness({ sandbox: { tls: { key: fx.selfSigned.key, cert: fx.selfSigned.cert } } });
    const robot = await h.addRobot(
      { name: 'Pinned', flow },
      { pinnedCertSha256: fx.selfSigned.fingerprint256 },
    );
    const d = await h.core.diagnose(robot.id);
    expect(d.pin).toBe(fx.selfSigned.fingerprint256);
    expect(d.endpoint).toMatchObject({ status: expect.any(Number) });
  });

  test('nothing listening: the endpoint failure names the host, and nothing was connected', async () => {
    h = await openCoreHarness();
    const port = await closedPort();
    const robot = await h.core.createRobot({ name: 'Gone', baseUrl: `http://127.0.0.1:${port}` });
    const d = await h.core.diagnose(robot.id);
    expect(d.connectMs).toBeNull();
    expect(d.endpoint).toMatchObject({
      kind: 'network',
      error: expect.stringContaining(`Could not reach 127.0.0.1:${port}`),
    });
  });

  test("a host name that does not resolve is said with the resolver's code, and nothing is connected", async () => {
    h = await openCoreHarness();
    const robot = await h.core.createRobot({ name: 'Nowhere', baseUrl: 'https://robots.invalid' });
    const d = await h.core.diagnose(robot.id);
    expect(d.dns).toEqual({ error: expect.stringMatching(/^(ENOTFOUND|EAI_AGAIN)$/) });
    expect(d.endpoint).toMatchObject({ kind: 'network' });
    expect(d.connectMs).toBeNull();
  }, 30_000);

  test('an IPv6 address is resolved as written, without its brackets', async () => {
    h = await openCoreHarness();
    const robot = await h.core.createRobot({ name: 'Six', baseUrl: `http://[::1]:${await closedPort()}` });
    const d = await h.core.diagnose(robot.id);
    expect(d.dns).toMatchObject({ addresses: ['::1'] });
  });

  test('through a proxy: the route names it, without its password; a proxy that is not there is the failure', async () => {
    h = await openCoreHarness();
    proxy = await startProxy();
    // Not loopback (a loopback robot never goes through a proxy): a name only the test proxy resolves.
    const robot = await h.addRobot(
      { name: 'Echo', flow },
      { baseUrl: proxiedUrl(h.sandbox.baseUrl), allowInsecureHttp: true },
    );
    await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: proxy.url } }, trustConfirmed);
    const via = await h.core.diagnose(robot.id);
    expect(via.route).toMatchObject({ kind: 'proxy', proxy: proxy.url, source: 'manual' });
    expect(via.endpoint).toMatchObject({ method: 'OPTIONS', status: expect.any(Number) });
    expect(proxy.log.map((entry) => entry.method)).toEqual(['CONNECT']);

    const port = await closedPort();
    await h.core.updateSettings({ network: { proxyUrl: `http://127.0.0.1:${port}` } }, trustConfirmed);
    const down = await h.core.diagnose(robot.id);
    expect(down.route).toMatchObject({ kind: 'proxy', proxy: `http://127.0.0.1:${port}` });
    expect(down.endpoint).toMatchObject({ kind: 'network', error: expect.stringContaining('proxy') });
    nothingFired();
  });

  test('a route that cannot be chosen (the system proxy settings fail) is said as the route and as the endpoint', async () => {
    h = await openCoreHarness({
      core: { network: { resolveProxy: () => Promise.reject(new Error('PAC script threw')) } },
    });
    const robot = await h.addRobot(
      { name: 'Echo', flow },
      { baseUrl: proxiedUrl(h.sandbox.baseUrl), allowInsecureHttp: true },
    );
    const d = await h.core.diagnose(robot.id);
    const message = expect.stringMatching(
      /^The system proxy settings could not be read for .+ \(PAC script threw\)\./,
    );
    expect(d.route).toEqual({ error: message });
    expect(d.endpoint).toEqual({ error: message, kind: 'network' });
    expect(d.tls).toBeNull();
    expect(d.connectMs).toBeNull();
    nothingFired();
  });
});
