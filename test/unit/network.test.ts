import { describe, expect, test } from 'vitest';
import { Network, type NetworkOptions } from '../../src/core/http/network.ts';
import { defaultNetworkSettings, type NetworkSettings } from '../../src/shared/models/network.ts';

/**
 * The network choices for one process: the stored settings plus what the
 * command line or the app adds. Which way each robot's requests go and why,
 * which CA files they trust, and what a dispatcher gets. No sockets here:
 * coreProxy, coreTrust and coreDoctor send real requests the same way.
 */
const settings = (over: Partial<NetworkSettings> = {}): NetworkSettings => ({
  ...defaultNetworkSettings,
  ...over,
});
const network = (over: Partial<NetworkSettings> = {}, options: NetworkOptions = {}) =>
  new Network(settings(over), { env: {}, ...options });
const ORIGIN = 'https://robots.corp';

describe('the route', () => {
  test('--proxy direct (or none, in any case) goes direct', async () => {
    for (const flag of ['direct', 'NONE']) {
      expect(
        await network({ proxyMode: 'manual', proxyUrl: 'http://p:1' }, { proxy: flag }).route(ORIGIN),
      ).toEqual({
        kind: 'direct',
        source: 'flag',
        detail: '--proxy direct',
      });
    }
  });

  test('--proxy is "direct" only as the whole word: a proxy whose name starts or ends so is still a proxy', async () => {
    expect(await network({}, { proxy: 'http://nodirect' }).route(ORIGIN)).toMatchObject({ kind: 'proxy' });
    expect(await network({}, { proxy: 'directproxy.corp:3128' }).route(ORIGIN)).toMatchObject({
      kind: 'proxy',
    });
  });

  test('--proxy URL wins over the settings, and is shown without its password', async () => {
    expect(
      await network({ proxyMode: 'none' }, { proxy: 'http://ana:secret@proxy.corp:3128' }).route(ORIGIN),
    ).toEqual({
      kind: 'proxy',
      source: 'flag',
      url: 'http://ana:secret@proxy.corp:3128',
      shown: 'http://proxy.corp:3128',
      detail: 'from --proxy',
    });
  });

  test('mode none goes direct, whatever the environment says', async () => {
    const n = network({ proxyMode: 'none' }, { env: { HTTPS_PROXY: 'http://p:1' } });
    expect(await n.route(ORIGIN)).toEqual({ kind: 'direct', source: 'none', detail: 'proxy mode is none' });
  });

  test('mode env reads HTTPS_PROXY', async () => {
    const n = network({ proxyMode: 'env' }, { env: { HTTPS_PROXY: 'http://p.corp:8080' } });
    expect(await n.route(ORIGIN)).toMatchObject({ kind: 'proxy', source: 'env', url: 'http://p.corp:8080' });
  });

  test('mode manual: the proxy set, with its user; a bypassed host goes direct', async () => {
    const n = network({
      proxyMode: 'manual',
      proxyUrl: 'http://p.corp:3128',
      proxyUser: 'ana',
      proxyBypass: ['robots.corp'],
    });
    expect(await n.route('https://other.corp')).toEqual({
      kind: 'proxy',
      source: 'manual',
      url: 'http://p.corp:3128',
      shown: 'http://p.corp:3128',
      detail: 'manual proxy setting',
      user: 'ana',
    });
    expect(await n.route(ORIGIN)).toEqual({
      kind: 'direct',
      source: 'manual-bypass',
      detail: 'the bypass list names this host',
    });
  });

  test('mode manual with no proxy address is refused, saying what to set', async () => {
    await expect(network({ proxyMode: 'manual', proxyUrl: null }).route(ORIGIN)).rejects.toMatchObject({
      kind: 'validation',
      message:
        'The proxy mode is manual but no proxy address is set. Set the proxy URL in settings, or choose another mode.',
    });
  });

  test('mode system asks the app for each URL; without the app (the CLI) the environment answers', async () => {
    const asked: string[] = [];
    const app = network(
      { proxyMode: 'system' },
      { resolveProxy: async (url) => (asked.push(url), 'PROXY p.corp:3128') },
    );
    expect(await app.route(ORIGIN)).toMatchObject({ kind: 'proxy', url: 'http://p.corp:3128' });
    expect(asked).toEqual([`${ORIGIN}/`]);
    const cli = network({ proxyMode: 'system' }, { env: { HTTPS_PROXY: 'http://env.corp:1' } });
    expect(await cli.route(ORIGIN)).toMatchObject({ kind: 'proxy', source: 'env' });
  });

  test('mode system: settings that cannot be read are a network error naming the host', async () => {
    const n = network(
      { proxyMode: 'system' },
      { resolveProxy: () => Promise.reject(new Error('PAC threw')) },
    );
    await expect(n.route('https://robots.corp:8443')).rejects.toMatchObject({
      kind: 'network',
      message:
        'The system proxy settings could not be read for robots.corp:8443 (PAC threw). Check the PAC file, or choose another proxy mode.',
    });
  });
});

describe('a loopback origin always goes direct', () => {
  const LOOPBACK = { kind: 'direct', source: 'loopback' };
  const proxied: Array<[string, Network]> = [
    ['--proxy', network({}, { proxy: 'http://p.corp:3128' })],
    [
      'mode env',
      network({ proxyMode: 'env' }, { env: { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' } }),
    ],
    ['mode system (CLI)', network({ proxyMode: 'system' }, { env: { HTTP_PROXY: 'http://p:1' } })],
    [
      'mode system (app)',
      network({ proxyMode: 'system' }, { resolveProxy: async () => 'PROXY p.corp:3128' }),
    ],
    ['mode manual', network({ proxyMode: 'manual', proxyUrl: 'http://p.corp:3128', proxyBypass: [] })],
    // Even a manual mode that cannot route anything: loopback needs no proxy.
    ['mode manual without a proxy', network({ proxyMode: 'manual', proxyUrl: null })],
  ];
  test.each(proxied)('%s', async (_way, n) => {
    for (const origin of [
      'http://127.0.0.1:8080',
      'https://127.4.5.6',
      'http://[::1]:9000',
      'http://localhost:3000',
      'https://LOCALHOST',
    ]) {
      const route = await n.route(origin);
      expect(route, origin).toMatchObject(LOOPBACK);
      expect(route.detail).toBe(
        'a loopback address: always direct, whatever the proxy settings, environment or --proxy say',
      );
    }
    // Only literal loopback: a name that merely contains "localhost", or 0.0.0.0, is not.
    for (const origin of [
      'https://localhost.corp',
      'https://my-localhost',
      'http://0.0.0.0:80',
      'https://128.0.0.1',
    ])
      expect((await n.route(origin).catch(() => ({ source: 'refused' }))).source, origin).not.toBe(
        'loopback',
      );
  });
});

describe('trust', () => {
  test("the CA files a robot trusts: the settings', --ca's and its own, each with where it was set", () => {
    const n = network({ caFile: '/etc/corp.pem' }, { caFiles: ['/tmp/extra.pem'] });
    expect(
      n.trustFiles({ origin: ORIGIN, basePath: '', caFile: '/etc/robot.pem', robotName: 'Invoices' }),
    ).toEqual([
      { file: '/etc/corp.pem', source: 'app settings' },
      { file: '/tmp/extra.pem', source: '--ca' },
      { file: '/etc/robot.pem', source: 'robot "Invoices"' },
    ]);
    expect(n.trustFiles({ origin: ORIGIN, basePath: '', caFile: '/etc/robot.pem' })).toContainEqual({
      file: '/etc/robot.pem',
      source: 'robot "?"',
    });
    expect(n.trustFiles({ origin: ORIGIN, basePath: '', caFile: null })).toHaveLength(2);
  });

  test('new settings bring their CA file', () => {
    const n = network();
    expect(n.trustFiles({ origin: ORIGIN, basePath: '' })).toEqual([]);
    n.update(settings({ caFile: '/etc/corp.pem' }));
    expect(n.settings.caFile).toBe('/etc/corp.pem');
    expect(n.trustFiles({ origin: ORIGIN, basePath: '' })).toEqual([
      { file: '/etc/corp.pem', source: 'app settings' },
    ]);
  });
});

describe('what a dispatcher gets', () => {
  const direct = { kind: 'direct', source: 'none', detail: '' } as const;
  const viaProxy = (url: string, user?: string) =>
    ({ kind: 'proxy', source: 'manual', url, shown: url, detail: '', ...(user ? { user } : {}) }) as const;

  test('trust roots only where TLS is spoken: https, or an https proxy', async () => {
    const n = network();
    const http = { origin: 'http://127.0.0.1:4780', basePath: '' };
    expect(await n.dispatcherSpec(http, direct)).not.toHaveProperty('secureContext');
    expect(await n.dispatcherSpec(http, viaProxy('http://p:1'))).not.toHaveProperty('secureContext');
    expect(await n.dispatcherSpec(http, viaProxy('https://p:1'))).toHaveProperty('secureContext');
    expect(await n.dispatcherSpec({ origin: ORIGIN, basePath: '' }, direct)).toHaveProperty('secureContext');
  });

  test("the robot's pin, or none", async () => {
    const n = network();
    expect((await n.dispatcherSpec({ origin: ORIGIN, basePath: '', pin: 'AB:CD' }, direct)).pin).toBe(
      'AB:CD',
    );
    expect((await n.dispatcherSpec({ origin: ORIGIN, basePath: '' }, direct)).pin).toBeNull();
  });

  test("a proxy user gets Basic credentials with the keychain's password, or an empty one", async () => {
    const withPassword = network({}, { proxyPassword: async () => 'pä55' });
    const spec = await withPassword.dispatcherSpec(
      { origin: ORIGIN, basePath: '' },
      viaProxy('http://p:1', 'ana'),
    );
    expect(spec.proxyAuthorization).toBe(`Basic ${Buffer.from('ana:pä55', 'utf8').toString('base64')}`);
    const without = await network().dispatcherSpec(
      { origin: ORIGIN, basePath: '' },
      viaProxy('http://p:1', 'ana'),
    );
    expect(without.proxyAuthorization).toBe(`Basic ${Buffer.from('ana:').toString('base64')}`);
    const noUser = await withPassword.dispatcherSpec(
      { origin: ORIGIN, basePath: '' },
      viaProxy('http://p:1'),
    );
    expect(noUser).not.toHaveProperty('proxyAuthorization');
  });
});
