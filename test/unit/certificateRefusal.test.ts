import { describe, expect, test } from 'vitest';
import { acceptableRefusal, refusalReason } from '../../src/shared/net/certificateRefusal.ts';

describe('which refused certificates may be accepted by fingerprint', () => {
  test.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed', true],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted-issuer', true],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted-issuer', true],
    ['CERT_HAS_EXPIRED', 'expired', false],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong-host', false],
    ['CERT_NOT_YET_VALID', 'not-yet-valid', false],
    [null, 'other', false],
  ])('%s is %s; acceptable: %s', (code, reason, acceptable) => {
    expect(refusalReason(code)).toBe(reason);
    expect(acceptableRefusal(code)).toBe(acceptable);
  });
});
