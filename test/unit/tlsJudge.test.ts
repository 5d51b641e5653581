import { describe, expect, test } from 'vitest';
import { transportFailure } from '../../src/core/http/failure.ts';
import { refusalSentence, tlsCodeSentence } from '../../src/core/http/tlsFailure.ts';
import { judge, refusalReason, TlsRefusal, type TlsDetails } from '../../src/core/http/tlsGuard.ts';
import { CertFingerprint } from '../../src/shared/models/network.ts';

/** The certificate verdict and its sentences, as pure functions over what a handshake showed. */
const FP_A = Array.from({ length: 32 }, () => 'AA').join(':');
const FP_B = Array.from({ length: 32 }, () => 'BB').join(':');

function details(overrides: Partial<TlsDetails> = {}): TlsDetails {
  return {
    protocol: 'TLSv1.3',
    cipher: 'TLS_AES_128_GCM_SHA256',
    authorized: true,
    authorizationError: null,
    chain: [
      {
        subject: 'robots.corp',
        issuer: 'Corp Issuing CA',
        names: ['robots.corp', 'api.corp'],
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2027-02-03T00:00:00.000Z',
        fingerprint256: FP_A,
      },
      {
        subject: 'Corp Issuing CA',
        issuer: 'Corp Root CA',
        names: [],
        validFrom: '2025-01-01T00:00:00.000Z',
        validTo: '2030-01-01T00:00:00.000Z',
        fingerprint256: FP_B,
      },
    ],
    ...overrides,
  };
}

describe('judge: the decision before anything is written', () => {
  test('authorized and no pin: accepted', () => {
    expect(judge(details(), null, 'robots.corp')).toBeUndefined();
  });

  test.each([
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted-issuer'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted-issuer'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted-issuer'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed'],
    ['CERT_HAS_EXPIRED', 'expired'],
    ['CERT_NOT_YET_VALID', 'not-yet-valid'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong-host'],
    ['CERT_REVOKED', 'other'],
    [null, 'other'],
  ])('not authorized (%s): refused as %s', (code, reason) => {
    const refusal = judge(details({ authorized: false, authorizationError: code }), null, 'robots.corp');
    expect(refusal).toBeInstanceOf(TlsRefusal);
    expect(refusal?.reason).toBe(reason);
    expect(refusalReason(code)).toBe(reason);
  });

  test('a pin accepts its certificate even when untrusted, and refuses any other even when trusted', () => {
    const untrusted = details({ authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(judge(untrusted, FP_A, 'robots.corp')).toBeUndefined();
    expect(judge(details(), FP_B, 'robots.corp')?.reason).toBe('pin-changed');
    expect(judge(details({ chain: [] }), FP_A, 'robots.corp')?.reason).toBe('pin-changed');
  });
});

describe('sentences by kind', () => {
  const HOST = 'robots.corp:443';
  const sentence = (reason: string, d = details(), pin: string | null = null) =>
    refusalSentence(new TlsRefusal(reason as TlsRefusal['reason'], d, 'robots.corp', pin), HOST);

  test('untrusted issuer: the top of the chain is named, with the fix', () => {
    const text = sentence('untrusted-issuer');
    expect(text).toContain('issued by "Corp Root CA", which this computer does not trust');
    expect(text).toContain('robot-tray --ca FILE');
    expect(text).toContain("this computer's certificate store");
  });

  test('expired: the day it expired; not yet valid: the day it starts', () => {
    expect(sentence('expired')).toContain('expired on 2027-02-03');
    expect(sentence('not-yet-valid')).toContain('valid only from 2026-01-01');
  });

  test('wrong host: the names it holds and the name asked for', () => {
    expect(sentence('wrong-host')).toContain('is for "robots.corp", "api.corp", not for "robots.corp"');
    const many = details();
    many.chain[0]!.names = Array.from({ length: 9 }, (_, i) => `h${i}.corp`);
    expect(sentence('wrong-host', many)).toContain('"h5.corp" and 3 more');
  });

  test('self-signed: its fingerprint, to accept it; pin changed: both fingerprints, loudly', () => {
    expect(sentence('self-signed')).toContain(`SHA-256 ${FP_A}`);
    const changed = sentence('pin-changed', details(), FP_B);
    expect(changed).toContain(`CHANGED`);
    expect(changed).toContain(`accepted SHA-256 ${FP_B}, now SHA-256 ${FP_A}`);
    expect(changed).toContain('intercepting');
  });

  test.each([
    [
      'pin-changed',
      ['"robots.corp", issued by "Corp Issuing CA"', 'confirm the new fingerprint with its administrators'],
    ],
    [
      'self-signed',
      ['("robots.corp", SHA-256', `robot-tray robot edit ROBOT --accept-cert ${FP_A}), or add that CA`],
    ],
    ['expired', ['("robots.corp") expired on 2027-02-03. ', 'administrators must renew it']],
    ['not-yet-valid', ['valid only from 2026-01-01. ', "Check this computer's clock and date."]],
    ['wrong-host', ["Check the host name in the robot's base URL"]],
    ['other', ['Run robot-tray doctor ROBOT to see the certificate chain.']],
  ])('%s: names the host, the certificate and what to do next', (reason, parts) => {
    const text = sentence(reason, details({ authorizationError: 'CERT_REVOKED' }), FP_B);
    expect(text).toContain(HOST);
    for (const part of parts) expect(text).toContain(part);
  });

  test('other: the verification code as Node gave it', () => {
    expect(sentence('other', details({ authorizationError: 'CERT_REVOKED' }))).toContain('(CERT_REVOKED)');
  });

  test("untrusted issuer: the issuer at the chain's top, however long the chain", () => {
    const long = details();
    long.chain.push({ ...long.chain[1]!, subject: 'Corp Root CA', issuer: 'Corp Offline Root' });
    expect(sentence('untrusted-issuer', long)).toContain('issued by "Corp Offline Root"');
    expect(sentence('untrusted-issuer', details({ chain: [details().chain[0]!] }))).toContain(
      'issued by "Corp Issuing CA"',
    );
  });

  test('without the certificate in hand every sentence still reads, with no "undefined"', () => {
    const bare = details({ chain: [], authorizationError: null });
    const expected: Record<string, string> = {
      'pin-changed': `accepted SHA-256 ${FP_B}, now SHA-256 unknown. Nothing was sent.`,
      'untrusted-issuer': 'issued by "an unknown authority"',
      'self-signed': 'a self-signed certificate ("?", SHA-256 unknown)',
      expired: '("?") expired on an earlier date.',
      'not-yet-valid': 'valid only from a later date.',
      'wrong-host': 'is for no host names at all, not for "robots.corp"',
      other: 'was not accepted (unknown reason)',
    };
    for (const [reason, part] of Object.entries(expected)) {
      const text = sentence(reason, bare, FP_B);
      expect(text).toContain(part);
      expect(text).not.toMatch(/undefined|null/);
    }
  });

  test('wrong host: up to six names are listed in full', () => {
    const six = details();
    six.chain[0]!.names = Array.from({ length: 6 }, (_, i) => `h${i}.corp`);
    expect(sentence('wrong-host', six)).toContain('"h5.corp", not for');
    six.chain[0]!.names.push('h6.corp');
    expect(sentence('wrong-host', six)).toContain('"h5.corp" and 1 more, not for');
  });

  test.each([
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'issued by an authority this computer does not trust'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'presented a self-signed certificate that nothing vouches for'],
    ['CERT_NOT_YET_VALID', "is not valid yet. Check this computer's clock and date."],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      "is for another host name. Check the host name in the robot's base URL.",
    ],
  ])('a bare code %s still says its kind', (code, part) => {
    expect(tlsCodeSentence(code, HOST)).toContain(`${HOST} `);
    expect(tlsCodeSentence(code, HOST)).toContain(part);
  });

  test('a code without a certificate in hand still says its kind', () => {
    expect(tlsCodeSentence('CERT_HAS_EXPIRED', HOST)).toContain('has expired');
    expect(tlsCodeSentence('ECONNREFUSED', HOST)).toBeUndefined();
  });

  test('transportFailure finds the refusal in the cause chain: unreachable, nothing sent', () => {
    const refusal = new TlsRefusal('expired', details(), 'robots.corp', null);
    const error = transportFailure(new Error('wrapped', { cause: refusal }), HOST, 'trigger');
    expect(error).toMatchObject({ kind: 'network', maybeDelivered: false });
    expect(error.message).toContain('expired on 2027-02-03');
  });

  test.each([
    'ERR_SSL_WRONG_VERSION_NUMBER',
    'ERR_SSL_PACKET_LENGTH_TOO_LONG',
    'ERR_SSL_HTTP_REQUEST',
    'ERR_SSL_UNKNOWN_PROTOCOL',
  ])('plain http on an https port (%s) is said as such', (code) => {
    const error = transportFailure(Object.assign(new Error('x'), { code }), HOST, 'query');
    expect(error.message).toBe(
      `Could not reach ${HOST}: the server does not speak TLS on this port (is it plain http?). Check the scheme and port of the base URL.`,
    );
    expect(error.maybeDelivered).toBe(false);
  });
});

describe('proxy failures', () => {
  const HOST = 'robots.corp:443';
  const tunnel = (status: number) =>
    Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), {
      code: 'UND_ERR_ABORTED',
    });
  test('407 names the proxy and where the user and password go; never delivered', () => {
    const error = transportFailure(tunnel(407), HOST, 'trigger', 'http://proxy.corp:3128');
    expect(error).toMatchObject({ kind: 'network', maybeDelivered: false, status: 407 });
    expect(error.message).toContain(
      'The proxy http://proxy.corp:3128 asked for a user name and password (HTTP 407',
    );
  });
  test('403 and 502 say the proxy refused the destination', () => {
    expect(transportFailure(tunnel(403), HOST, 'trigger', 'http://p:1').message).toContain(
      'does not allow this destination',
    );
    expect(transportFailure(tunnel(502), HOST, 'trigger', 'http://p:1').message).toContain('(HTTP 502)');
  });
  test('without a proxy the same words are not read as one', () => {
    expect(transportFailure(tunnel(407), HOST, 'trigger').maybeDelivered).toBe(true);
  });
});

describe('fingerprints as people paste them', () => {
  test.each([
    FP_A,
    FP_A.toLowerCase(),
    FP_A.replaceAll(':', ''),
    `sha256:${FP_A.replaceAll(':', '')}`,
    ` ${FP_A} `,
  ])('%s', (typed) => {
    expect(CertFingerprint.parse(typed)).toBe(FP_A);
  });
  test.each(['', 'AA:BB', 'ZZ'.repeat(32), FP_A + ':CC'])('refused: "%s"', (typed) => {
    expect(CertFingerprint.safeParse(typed).success).toBe(false);
  });
});
