import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseProxyFlag } from '../../src/cli/networkFlags.ts';
import { proxyAddressShown } from '../../src/shared/net/proxyAddress.ts';

/**
 * Issue 20 §4: a --proxy address may carry a password, and a malformed one
 * (a space, a bad port, an unknown scheme) is exactly what gets repeated in
 * an error. Whatever the address, what is shown never holds the password.
 */
const refusal = (value: string): string => {
  try {
    parseProxyFlag(value);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted: ${value}`);
};

describe('--proxy refusals name the address without its credentials', () => {
  test.each([
    [
      'a space in the host',
      'http://alice:Pw-9q!x@proxy corp:3128',
      '--proxy http://proxy corp:3128: ',
      'contains a space',
    ],
    [
      'a bad port',
      'http://alice:Pw-9q!x@proxy.corp:99999',
      '--proxy http://proxy.corp:99999: ',
      'port must be a number from 1 to 65535',
    ],
    [
      'an unknown scheme',
      'ftp://alice:Pw-9q!x@proxy.corp:2121',
      '--proxy ftp://proxy.corp:2121: ',
      'not ftp://',
    ],
    [
      'no scheme',
      'alice:Pw-9q!x@proxy.corp:3128',
      '--proxy proxy.corp:3128: ',
      'does not start with http://',
    ],
    [
      'a "/" in the password',
      'http://alice:Pw/9q@proxy.corp:3128',
      '--proxy http://proxy.corp:3128: ',
      'not a valid URL',
    ],
    ['a password with no host', 'http://alice:Pw-9q!x', '--proxy http://alice:…: ', 'not a valid URL'],
  ])('%s', (_what, value, start, reason) => {
    const message = refusal(value);
    expect(message.startsWith(start), message).toBe(true);
    expect(message).toContain(reason);
    expect(message).not.toMatch(/Pw|9q/);
    expect(message).toContain('Give one such as http://proxy.example.com:3128, or "direct".');
  });

  test('good addresses are accepted as given', () => {
    for (const value of ['http://proxy.corp:3128', 'https://u:p@proxy.corp', 'socks5://proxy:1080', 'DIRECT'])
      expect(() => parseProxyFlag(value)).not.toThrow();
  });

  test('any password in any address, well-formed or not, never reaches what is shown or said', () => {
    const password = fc
      .string({ minLength: 6, maxLength: 24 })
      .filter((p) => /^[\w!$%&*+=~-]{6,}$/.test(p) && /\d/.test(p) && /[a-z]/i.test(p))
      // The part looked for holds a sign no host or port can hold, so finding it means the password leaked.
      .filter((p) => /[!$%&*+=~]/.test(p.slice(3)));
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'socks5', 'ftp', 'htp'),
        fc.constantFrom('', ' ', '/', '#', '?', '@'),
        password,
        fc.constantFrom('proxy.corp', 'pro xy', '10.0.0.1', '[::1]', ''),
        fc.constantFrom('', ':3128', ':99999', ':port', ':'),
        (scheme, noise, secret, host, port) => {
          const value = `${scheme}://alice:${secret.slice(0, 3)}${noise}${secret.slice(3)}@${host}${port}`;
          expect(proxyAddressShown(value)).not.toContain(secret.slice(3));
          let said = '';
          try {
            parseProxyFlag(value);
          } catch (error) {
            said = (error as Error).message;
          }
          expect(said).not.toContain(secret.slice(3));
        },
      ),
      { numRuns: 500 },
    );
  });
});
