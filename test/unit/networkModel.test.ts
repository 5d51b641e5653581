import { describe, expect, test } from 'vitest';
import {
  BypassEntry,
  CaFilePath,
  CertFingerprint,
  NetworkFields,
  ProxyMode,
  ProxyUrl,
} from '../../src/shared/models/network.ts';

/**
 * The network settings people type (proxy address, bypass list, CA file, a
 * certificate fingerprint): what is accepted is stored in one clean form, and
 * a refusal says what to type instead.
 */

function refusal(
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe('a proxy address', () => {
  test('http, https and socks (4 or 5) proxies are accepted', () => {
    for (const url of [
      'http://proxy.example.com:3128',
      'https://proxy.example.com:443',
      'socks5://127.0.0.1:1080',
      'socks://127.0.0.1:1080',
    ]) {
      expect(refusal(ProxyUrl, url), url).toBeUndefined();
    }
  });

  test('is stored trimmed; an empty one or one that is no URL is refused with an example', () => {
    expect(ProxyUrl.parse('  http://proxy.example.com:3128 ')).toBe('http://proxy.example.com:3128');
    expect(refusal(ProxyUrl, '  ')).toBe('must not be empty');
    expect(refusal(ProxyUrl, 'the office proxy')).toBe(
      'must be a full URL such as http://proxy.example.com:3128',
    );
  });

  test('another scheme is refused with the ones that work', () => {
    expect(refusal(ProxyUrl, 'ftp://proxy.example.com')).toBe(
      'must start with http://, https:// or socks5://',
    );
  });

  test('a user name or a password in the address is refused, either alone', () => {
    const message =
      'must not contain a user name or password; set proxyUser, and the password with the proxy password command or form';
    expect(refusal(ProxyUrl, 'http://alice@proxy.example.com:3128')).toBe(message);
    expect(refusal(ProxyUrl, 'http://:pw@proxy.example.com:3128')).toBe(message);
  });

  test('a path, a query or a fragment, each alone, is refused: scheme, host and port only', () => {
    const message = 'must be only scheme, host and port, such as http://proxy.example.com:3128';
    expect(refusal(ProxyUrl, 'http://proxy.example.com:3128/path')).toBe(message);
    expect(refusal(ProxyUrl, 'http://proxy.example.com:3128/?a=1')).toBe(message);
    expect(refusal(ProxyUrl, 'http://proxy.example.com:3128/#x')).toBe(message);
    // A socks address has no path at all, which is fine.
    expect(refusal(ProxyUrl, 'socks5://proxy.example.com:1080')).toBeUndefined();
  });
});

describe('fields typed with spaces around them', () => {
  test('are stored trimmed: CA file, proxy user, bypass entries, fingerprint', () => {
    expect(CaFilePath.parse('  /etc/ca.pem ')).toBe('/etc/ca.pem');
    expect(BypassEntry.parse(' .corp.example ')).toBe('.corp.example');
    const network = NetworkFields.partial().parse({ proxyUser: '  alice ' });
    expect(network.proxyUser).toBe('alice');
    expect(CertFingerprint.parse(` ${'ab'.repeat(32)} `)).toBe(Array(32).fill('AB').join(':'));
  });

  test('an empty CA file path is refused by name', () => {
    expect(refusal(CaFilePath, '   ')).toBe('must not be empty');
  });
});

describe('a certificate fingerprint', () => {
  const colons = Array(32).fill('0F').join(':');

  test('may carry a "sha256" label, with or without a separator', () => {
    for (const text of [
      `  sha256:${colons} `,
      `sha256:${colons}`,
      `SHA256 ${colons}`,
      `sha256/${colons}`,
      `sha256${'0f'.repeat(32)}`,
    ]) {
      expect(CertFingerprint.parse(text), text).toBe(colons);
    }
  });

  test('a "sha256" not at the start is not a label and makes the text no fingerprint', () => {
    const result = CertFingerprint.safeParse(`0F${'sha256:'}${'0F'.repeat(31)}`);
    expect(result.error?.issues[0]?.message).toBe(
      'must be a SHA-256 fingerprint: 64 hex digits, colons allowed',
    );
  });
});

describe('proxy modes', () => {
  test('are system, env, manual and none', () => {
    for (const mode of ['system', 'env', 'manual', 'none']) expect(ProxyMode.parse(mode)).toBe(mode);
    expect(ProxyMode.safeParse('').success).toBe(false);
  });
});
