import { describe, expect, test } from 'vitest';
import { bypasses, envRoute, pacRoute, withoutCredentials } from '../../src/core/http/proxyRoute.ts';

/** Which way a request goes, decided without any network: NO_PROXY, the environment, a PAC answer. */
describe('NO_PROXY and bypass lists', () => {
  test.each([
    ['https://robots.example.com', 'robots.example.com', true],
    ['https://robots.example.com', 'example.com', true],
    ['https://robots.example.com', '.example.com', true],
    ['https://example.com', '.example.com', true],
    ['https://example.com', '*.example.com', false],
    ['https://a.example.com', '*.example.com', true],
    ['https://notexample.com', 'example.com', false],
    ['https://robots.example.com', 'other.com, example.com', true],
    ['https://robots.example.com', 'other.com example.com', true],
    ['https://robots.example.com', '*', true],
    ['https://robots.example.com:8443', 'robots.example.com:8443', true],
    ['https://robots.example.com:8443', 'robots.example.com:443', false],
    ['https://robots.example.com', 'robots.example.com:443', true],
    ['http://robots.example.com', 'robots.example.com:443', false],
    ['https://ROBOTS.example.com.', 'robots.EXAMPLE.com', true],
    ['https://[::1]:4000', '::1', true],
    ['https://[::1]:4000', '[::1]:4000', true],
    ['https://[::1]:4000', '[::1]:5000', false],
    ['https://127.0.0.1:4000', '127.0.0.1', true],
    ['https://127.0.0.10', '127.0.0.1', false],
    ['https://robots.example.com', '', false],
    ['https://[::1]:4000', '[::1]', true],
    ['https://robots.example.com', 'example.com.', true],
    ['https://robots.example.com', '.example.com.', true],
    // Malformed entries match nothing, not the host hidden in them.
    ['https://[::1]:4000', 'x[::1]:4000', false],
    ['https://[::1]:4000', '[::1]:4000x', false],
    ['https://robots.example.com', 'robots.example.com:443x', false],
  ])('%s against "%s": %s', (origin, list, expected) => {
    expect(bypasses(origin, [list])).toBe(expected);
  });
});

describe('the environment', () => {
  const origin = 'https://robots.example.com';
  test('https uses https_proxy before HTTPS_PROXY, then the http one', () => {
    expect(envRoute(origin, { https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:2' })).toMatchObject({
      kind: 'proxy',
      url: 'http://a:1',
      detail: 'from https_proxy',
    });
    expect(envRoute(origin, { HTTPS_PROXY: 'http://b:2' })).toMatchObject({
      url: 'http://b:2',
      source: 'env',
    });
    expect(envRoute(origin, { HTTP_PROXY: 'http://c:3' })).toMatchObject({ url: 'http://c:3' });
  });

  test('http ignores HTTPS_PROXY', () => {
    expect(envRoute('http://robots.example.com', { HTTPS_PROXY: 'http://b:2' })).toMatchObject({
      kind: 'direct',
    });
    expect(envRoute('http://robots.example.com', { http_proxy: 'http://c:3' })).toMatchObject({
      url: 'http://c:3',
    });
  });

  test('no variable, or an empty one: direct, and it says why', () => {
    expect(envRoute(origin, {})).toEqual({
      kind: 'direct',
      source: 'env',
      detail: 'no HTTPS_PROXY or HTTP_PROXY in the environment',
    });
    expect(envRoute(origin, { HTTPS_PROXY: '  ' }).kind).toBe('direct');
  });

  test('no_proxy and NO_PROXY bypass, naming the variable', () => {
    expect(envRoute(origin, { HTTPS_PROXY: 'http://b:2', NO_PROXY: 'example.com' })).toEqual({
      kind: 'direct',
      source: 'env-bypass',
      detail: 'NO_PROXY lists this host',
    });
    expect(envRoute(origin, { HTTPS_PROXY: 'http://b:2', no_proxy: 'other.com' }).kind).toBe('proxy');
  });

  test('an address without a scheme is http; credentials are kept for use but never shown', () => {
    const route = envRoute(origin, { HTTPS_PROXY: 'user:s3cret@proxy.corp:3128' });
    expect(route).toMatchObject({ kind: 'proxy', url: 'http://user:s3cret@proxy.corp:3128' });
    expect(route.kind === 'proxy' && route.shown).toBe('http://proxy.corp:3128');
    expect(JSON.stringify({ ...route, url: undefined })).not.toContain('s3cret');
  });
});

describe("Chromium's resolveProxy answers", () => {
  test.each([
    ['DIRECT', 'direct', undefined],
    ['', 'direct', undefined],
    ['PROXY proxy.corp:8080; DIRECT', 'proxy', 'http://proxy.corp:8080'],
    ['  proxy proxy.corp:8080', 'proxy', 'http://proxy.corp:8080'],
    ['HTTPS secure.corp:443', 'proxy', 'https://secure.corp:443'],
    ['SOCKS5 socks.corp:1080; PROXY p:1', 'proxy', 'socks5://socks.corp:1080'],
    ['QUIC odd:1', 'direct', undefined],
    ['; PROXY proxy.corp:8080', 'proxy', 'http://proxy.corp:8080'],
    ['PROXY   proxy.corp:8080', 'proxy', 'http://proxy.corp:8080'],
    ['SOCKS socks.corp:1080', 'proxy', 'socks5://socks.corp:1080'],
    ['SOCKS4 socks.corp:1080', 'proxy', 'socks5://socks.corp:1080'],
    ['DIRECTLY', 'direct', undefined],
    ['PROXY a:1 b:2', 'direct', undefined],
    ['XPROXY a:1', 'direct', undefined],
  ])('"%s" → %s %s', (answer, kind, url) => {
    const route = pacRoute(answer);
    expect(route.kind).toBe(kind);
    if (url !== undefined) expect(route).toMatchObject({ url, source: 'system' });
  });

  test('doctor says what the system answered', () => {
    expect(pacRoute('')).toEqual({
      kind: 'direct',
      source: 'system-direct',
      detail: 'the system settings say DIRECT',
    });
    expect(pacRoute('direct; PROXY p:1')).toEqual({
      kind: 'direct',
      source: 'system-direct',
      detail: 'the system settings say DIRECT',
    });
    for (const answer of ['DIRECTLY', 'NODIRECT']) {
      expect(pacRoute(answer).detail).toBe(`unrecognised system answer "${answer}"`);
    }
    expect(pacRoute('QUIC odd:1')).toEqual({
      kind: 'direct',
      source: 'system-direct',
      detail: 'unrecognised system answer "QUIC odd:1"',
    });
    expect(pacRoute('PROXY p.corp:8080; DIRECT')).toMatchObject({
      detail: 'the system settings say "PROXY p.corp:8080"',
      shown: 'http://p.corp:8080',
    });
  });
});

test('credentials never survive in the address shown', () => {
  expect(withoutCredentials('http://u:p@proxy:3128')).toBe('http://proxy:3128');
  expect(withoutCredentials('socks5://u:p@proxy:1080')).toBe('socks5://proxy:1080');
  // Malformed addresses too: that is when an address is repeated in an error.
  expect(withoutCredentials('http://u:p@ho st:3128')).toBe('http://ho st:3128');
  expect(withoutCredentials('not a url')).toBe('not a url');
});
