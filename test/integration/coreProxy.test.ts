import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { AppCoreOptions } from '../../src/core/appCore.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { PROXIED_HOST, proxiedUrl, startProxy, type TestProxy } from '../support/proxyServer.ts';
import { startSocksProxy } from '../support/socksServer.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';

/**
 * Calls through a real proxy on loopback, to an https sandbox signed by a
 * private CA: the proxy's log shows the CONNECT, the bytes it received never
 * hold the token, NO_PROXY and the bypass list go direct, and a proxy that
 * wants a password is explained. The robots are named robots.test (which
 * only the test proxies resolve): a loopback robot never goes through a
 * proxy, as the last tests show.
 */
let fx: TlsFixtures;
beforeAll(async () => {
  fx = await makeTlsFixtures();
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

let h: CoreHarness | undefined;
let proxy: TestProxy | undefined;
afterEach(async () => {
  await h?.core.clearProxyPassword().catch(() => undefined);
  await h?.close();
  await proxy?.close();
  h = undefined;
  proxy = undefined;
});

const flow = [{ type: 'respond' as const, echo: true }];

/**
 * By default the robot's first status query waits ten minutes, so the
 * proxy's log and the service's requests hold only what a test sent.
 */
const QUIET = { pollPolicy: { firstDelayMs: 600_000 } };

async function open(
  network: AppCoreOptions['network'] = {},
  tls = true,
  robotExtra: Record<string, unknown> = QUIET,
) {
  h = await openCoreHarness({
    core: { network },
    sandbox: tls ? { tls: { key: fx.good.key, cert: fx.good.cert } } : {},
  });
  await h.core.updateSettings({ network: { caFile: fx.ca.certFile } }, trustConfirmed);
  const robot = await h.addRobot(
    { name: 'Behind proxy', flow },
    { baseUrl: proxiedUrl(h.sandbox.baseUrl), allowInsecureHttp: !tls, ...robotExtra },
  );
  return {
    h,
    robot,
    port: Number(new URL(h.sandbox.baseUrl).port),
    token: h.sandbox.tokenOf('Behind proxy'),
  };
}

describe('through a proxy', () => {
  test('manual mode: the trigger and its query go through CONNECT; the proxy never reads the token', async () => {
    proxy = await startProxy();
    const { h, robot, port, token } = await open({}, true, {});
    await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: proxy.url } }, trustConfirmed);
    const call = await h.core.fire(robot.id, { method: 'POST', args: { order: 7 } });
    expect(call.error).toBeNull();
    expect(call.state).toBe('waiting');
    const done = await h.waitForCall(call.id, (c) => c.state === 'done');
    expect(done.response).toEqual({ order: 7 });
    expect(proxy.log.length).toBeGreaterThan(0);
    for (const entry of proxy.log)
      expect(entry).toMatchObject({ method: 'CONNECT', hostname: PROXIED_HOST, port });
    const seen = proxy.received();
    expect(seen).toContain(`CONNECT ${PROXIED_HOST}:${port}`);
    expect(seen).not.toContain(token);
    expect(seen).not.toContain('x-service-token');
    expect(h.sandbox.requests()[0]?.headers['x-service-token']).toBe(token);
  });

  test('inside the tunnel the certificate is checked as on a direct connection: untrusted, then pinned', async () => {
    proxy = await startProxy();
    const { h, robot } = await open();
    await h.core.updateSettings(
      { network: { proxyMode: 'manual', proxyUrl: proxy.url, caFile: null } },
      trustConfirmed,
    );
    const refused = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(refused.state).toBe('unreachable');
    expect(refused.error?.message).toContain(
      'issued by "Robot Tray Test Corp Root CA", which this computer does not trust',
    );
    await h.core.updateRobot(robot.id, { pinnedCertSha256: fx.good.fingerprint256 }, trustConfirmed);
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('waiting');
    await h.core.updateRobot(robot.id, { pinnedCertSha256: fx.selfSigned.fingerprint256 }, trustConfirmed);
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).error?.message).toContain('CHANGED');
    expect(h.sandbox.calls()).toHaveLength(1);
    expect(proxy.log.every((e) => e.method === 'CONNECT')).toBe(true);
  });

  test('env mode: HTTPS_PROXY is used, and NO_PROXY bypasses it', async () => {
    proxy = await startProxy();
    const first = await open({ env: { HTTPS_PROXY: proxy.url } });
    await first.h.core.updateSettings({ network: { proxyMode: 'env' } }, trustConfirmed);
    expect((await first.h.core.fire(first.robot.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(proxy.log.map((e) => e.method)).toContain('CONNECT');
    await h?.close();

    const countBefore = proxy.log.length;
    const second = await open({ env: { https_proxy: proxy.url, no_proxy: `localhost,${PROXIED_HOST}` } });
    await second.h.core.updateSettings({ network: { proxyMode: 'env' } }, trustConfirmed);
    // Direct, robots.test is not found: only the test proxy knows that name.
    const direct = await second.h.core.fire(second.robot.id, { method: 'POST', args: {} });
    expect(direct.state).toBe('unreachable');
    expect(direct.error?.message).toContain(PROXIED_HOST);
    expect(proxy.log.length).toBe(countBefore);
  });

  test('system mode asks the injected resolver (the app passes Electron’s) per origin', async () => {
    proxy = await startProxy();
    const asked: string[] = [];
    const answer = { value: '' };
    const { h, robot } = await open({
      resolveProxy: (url) => {
        asked.push(url);
        return Promise.resolve(answer.value);
      },
    });
    answer.value = `PROXY ${new URL(proxy.url).host}; DIRECT`;
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(proxy.log).toHaveLength(1);
    expect(asked[0]).toBe(proxiedUrl(h.sandbox.baseUrl) + '/');
    answer.value = 'DIRECT';
    await h.core.updateSettings({ http: { connectionsPerOrigin: 2 } });
    // Direct, robots.test is not found: only the test proxy knows that name.
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('unreachable');
    expect(proxy.log).toHaveLength(1);
  });

  test('manual bypass list goes direct', async () => {
    proxy = await startProxy();
    const { h, robot } = await open();
    await h.core.updateSettings(
      { network: { proxyMode: 'manual', proxyUrl: proxy.url, proxyBypass: [PROXIED_HOST] } },
      trustConfirmed,
    );
    // Direct, robots.test is not found: only the test proxy knows that name.
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('unreachable');
    expect(proxy.log).toHaveLength(0);
  });

  test('plain http robots are tunnelled too: the proxy is never handed a request with the token', async () => {
    proxy = await startProxy();
    const { h, robot, port } = await open({}, false);
    await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: proxy.url } }, trustConfirmed);
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(proxy.log).toEqual([{ method: 'CONNECT', hostname: PROXIED_HOST, port, user: '' }]);
  });

  test('an HTTPS proxy is trusted as a robot is: refused without the company CA, carries the tunnel with it', async () => {
    proxy = await startProxy(undefined, { key: fx.good.key, cert: fx.good.cert });
    h = await openCoreHarness();
    const robot = await h.addRobot(
      { name: 'Behind proxy', flow },
      { ...QUIET, baseUrl: proxiedUrl(h.sandbox.baseUrl), allowInsecureHttp: true },
    );
    await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: proxy.url } }, trustConfirmed);
    const refused = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(refused.state).toBe('unreachable');
    // The handshake with the proxy failed: it was never asked to connect anywhere.
    expect(proxy.log).toEqual([]);
    expect(h.sandbox.requests()).toHaveLength(0);
    await h.core.updateSettings({ network: { caFile: fx.ca.certFile } }, trustConfirmed);
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(proxy.log.map((entry) => entry.method)).toEqual(['CONNECT']);
  });

  test('a proxy asking for a password: 407 explained; with user and keychain password it goes through', async () => {
    proxy = await startProxy({ user: 'alice', password: 'pr0xy secret' });
    const { h, robot, token } = await open();
    await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: proxy.url } }, trustConfirmed);
    const refused = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(refused.state).toBe('unreachable');
    expect(refused.error?.message).toContain(
      `The proxy ${proxy.url} asked for a user name and password (HTTP 407`,
    );
    expect(h.sandbox.requests()).toHaveLength(0);

    await h.core.setProxyPassword('pr0xy secret');
    await h.core.updateSettings({ network: { proxyUser: 'alice' } });
    expect(JSON.stringify(h.core.getSettings())).not.toContain('pr0xy secret');
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.error).toBeNull();
    expect(proxy.log.at(-1)).toMatchObject({ method: 'CONNECT', user: 'alice' });
    expect(proxy.received()).not.toContain(token);
  });

  test('a proxy that is not there is named as the thing that could not be reached', async () => {
    // The robot's sandbox first: started after, it could be given the port the proxy let go.
    const { h, robot } = await open();
    proxy = await startProxy();
    const url = proxy.url;
    await proxy.close();
    proxy = undefined;
    await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: url } }, trustConfirmed);
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.message).toContain(`Could not reach the proxy ${url} (connection refused)`);
  });
});

describe('through a SOCKS proxy, where undici makes the TLS connection itself', () => {
  test('certificates are still verified: refused without the CA, accepted with it; a pin is refused, not skipped', async () => {
    const socks = await startSocksProxy();
    try {
      h = await openCoreHarness({ sandbox: { tls: { key: fx.good.key, cert: fx.good.cert } } });
      const robot = await h.addRobot(
        { name: 'Socks', flow },
        { ...QUIET, baseUrl: proxiedUrl(h.sandbox.baseUrl) },
      );
      await h.core.updateSettings({ network: { proxyMode: 'manual', proxyUrl: socks.url } }, trustConfirmed);
      const refused = await h.core.fire(robot.id, { method: 'POST', args: {} });
      expect(refused.state).toBe('unreachable');
      expect(refused.error?.message).toContain('issued by an authority this computer does not trust');
      expect(socks.log).toEqual([`${PROXIED_HOST}:${new URL(h.sandbox.baseUrl).port}`]);
      expect(h.sandbox.requests()).toHaveLength(0);

      await h.core.updateSettings({ network: { caFile: fx.ca.certFile } }, trustConfirmed);
      expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('waiting');

      await h.core.updateRobot(robot.id, { pinnedCertSha256: fx.good.fingerprint256 }, trustConfirmed);
      const pinned = await h.core.fire(robot.id, { method: 'POST', args: {} });
      expect(pinned.error?.message).toContain('cannot check through a SOCKS proxy');
      expect(h.sandbox.calls()).toHaveLength(1);
    } finally {
      await socks.close();
    }
  });
});

describe('a loopback robot never goes through a proxy', () => {
  /**
   * Issue 20 §4: plain http is allowed to loopback only because such a
   * request never leaves the machine. Every way a proxy can be set is tried
   * on a plain http robot at 127.0.0.1 (and one at localhost): the proxy sees
   * nothing, the robot gets the call, doctor says why; a robots.test robot
   * beside it still goes through the same proxy.
   */
  const ways: Array<[string, AppCoreOptions['network'], (url: string) => Record<string, unknown>]> = [
    ['HTTP_PROXY and HTTPS_PROXY (mode env)', {}, () => ({ proxyMode: 'env' })],
    ['HTTP_PROXY and HTTPS_PROXY (mode system, as the CLI reads it)', {}, () => ({ proxyMode: 'system' })],
    ['manual mode', {}, (url) => ({ proxyMode: 'manual', proxyUrl: url })],
    ['--proxy', {}, () => ({ proxyMode: 'none' })],
  ];

  test.each(ways)('%s', async (way, _n, settingsFor) => {
    proxy = await startProxy();
    const env = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url };
    h = await openCoreHarness({
      core: { network: way === '--proxy' ? { proxy: proxy.url, env: {} } : { env } },
    });
    await h.core.updateSettings({ network: settingsFor(proxy.url) }, trustConfirmed);
    const local = await h.addRobot({ name: 'Local', flow }, QUIET);
    const named = await h.core.createRobot({
      name: 'Named localhost',
      baseUrl: h.sandbox.baseUrl.replace('127.0.0.1', 'localhost'),
      ...QUIET,
    });
    await h.core.setToken(named.id, h.sandbox.tokenOf('Local'));
    const far = await h.addRobot(
      { name: 'Far', flow },
      { ...QUIET, baseUrl: proxiedUrl(h.sandbox.baseUrl), allowInsecureHttp: true },
    );

    expect((await h.core.fire(local.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect((await h.core.fire(named.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(proxy.log).toEqual([]);
    expect(proxy.received()).toBe('');
    const diagnosis = await h.core.diagnose('Local');
    expect(diagnosis.route).toMatchObject({
      kind: 'direct',
      source: 'loopback',
      detail: expect.stringContaining('loopback address: always direct'),
    });
    expect(proxy.log).toEqual([]);

    expect((await h.core.fire(far.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(proxy.log.map((e) => [e.method, e.hostname])).toEqual([['CONNECT', PROXIED_HOST]]);
  });
});
