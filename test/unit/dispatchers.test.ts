import { Pool, ProxyAgent } from 'undici';
import { describe, expect, test } from 'vitest';
import { createDispatcher, type DispatcherSpec } from '../../src/core/http/dispatchers.ts';
import type { Route } from '../../src/core/http/proxyRoute.ts';
import { defaultSettings } from '../../src/shared/models/settings.ts';

/** Which kind of connection a robot's requests get, by route. Real sockets: coreProxy and coreTrust. */
const PIN = Array.from({ length: 32 }, () => 'AB').join(':');
const proxy = (url: string): Route => ({ kind: 'proxy', source: 'manual', url, shown: url, detail: '' });
const spec = (route: Route, pin: string | null = null): DispatcherSpec => ({
  origin: 'https://robots.corp',
  route,
  http: defaultSettings.http,
  pin,
});

describe('createDispatcher', () => {
  test('direct: a pool for the origin; through an HTTP proxy: a tunnelling agent', async () => {
    const direct = createDispatcher(spec({ kind: 'direct', source: 'none', detail: '' }, PIN));
    const viaProxy = createDispatcher(spec(proxy('http://proxy.corp:3128'), PIN));
    expect(direct).toBeInstanceOf(Pool);
    expect(viaProxy).toBeInstanceOf(ProxyAgent);
    await Promise.all([direct.close(), viaProxy.close()]);
  });

  test('a pinned robot cannot go through a SOCKS proxy, and is told what to do instead', () => {
    for (const url of ['socks5://proxy.corp:1080', 'SOCKS://proxy.corp:1080']) {
      expect(() => createDispatcher(spec(proxy(url), PIN))).toThrow(
        expect.objectContaining({
          kind: 'validation',
          message:
            'This robot accepts one pinned certificate, which Robot Tray cannot check through a SOCKS proxy. ' +
            'Use an HTTP proxy or a direct connection for it, or trust its CA instead of pinning.',
        }),
      );
    }
  });

  test('an HTTP proxy whose host is named "socks" is still an HTTP proxy', async () => {
    const dispatcher = createDispatcher(spec(proxy('http://socks.corp:3128'), PIN));
    expect(dispatcher).toBeInstanceOf(ProxyAgent);
    await dispatcher.close();
  });
});
