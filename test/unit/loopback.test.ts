import { describe, expect, test } from 'vitest';
import { isLoopbackHost } from '../../src/shared/net/loopback.ts';

describe('isLoopbackHost', () => {
  test.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '[::1]', '::1'])(
    '%s is this machine',
    (h) => {
      expect(isLoopbackHost(h)).toBe(true);
    },
  );
  test.each([
    'localhost.evil.example',
    '128.0.0.1',
    '127.0.0.1.evil',
    '127.0.0',
    '127.0.0.256',
    '::2',
    '0.0.0.0',
  ])('%s is not', (h) => expect(isLoopbackHost(h)).toBe(false));
  test('URL parsing normalises shorthand forms before the check', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f.0.0.1/').hostname)).toBe(true);
  });
});
