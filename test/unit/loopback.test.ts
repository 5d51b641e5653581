import { describe, expect, test } from 'vitest';
import { isLoopbackHost } from '../../src/shared/net/loopback.ts';

describe('isLoopbackHost (hostnames as the URL parser leaves them)', () => {
  test.each([
    'localhost',
    'LOCALHOST',
    'LocalHost',
    '::1',
    '[::1]',
    '127.0.0.1',
    '127.0.0.10',
    '127.1.22.255',
    '127.255.0.9',
    '127.255.255.255',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  test.each([
    ['another private address', '10.0.0.1'],
    ['a public address', '8.8.8.8'],
    ['the next block after 127', '128.0.0.1'],
    ['any address', '0.0.0.0'],
    ['127 not first', '10.127.0.1'],
    ['three parts', '127.0.1'],
    ['three parts, the last 0', '127.0.0'],
    ['five parts', '127.0.0.1.2'],
    ['an octet over 255', '127.0.0.256'],
    ['a four-digit octet', '127.0.0.0255'],
    ['a signed octet', '127.0.0.+1'],
    ['an exponent', '127.0.0.1e2'],
    ['a hex octet', '127.0.0.0x1'],
    ['an empty octet', '127.0..1'],
    ['a name under 127', '127.0.0.evil'],
    ['a name under 127.0.0.1', '127.0.0.1.evil'],
    ['a name ending in localhost', 'evil-localhost'],
    ['localhost as a subdomain', 'localhost.evil.example'],
    ['brackets inside, not around', '::[1]'],
    ['a bracket in the middle', '[::]1'],
    ['an IPv6 address that is not ::1', '[::2]'],
    ['an IPv6 address that is not ::1, without brackets', '::2'],
    ['empty', ''],
  ])('%s (%s) is not loopback', (_why, host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  test('URL parsing normalises shorthand forms before the check', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f.0.0.1/').hostname)).toBe(true);
  });
});
