/** Why a certificate was refused, in terms people can act on. */
export type TlsRefusalReason =
  'untrusted-issuer' | 'self-signed' | 'expired' | 'not-yet-valid' | 'wrong-host' | 'pin-changed' | 'other';

/** OpenSSL's and Node's verification codes, by what they mean to people. */
export function refusalReason(code: string | null): TlsRefusalReason {
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return 'self-signed';
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'CERT_UNTRUSTED':
    case 'CERT_SIGNATURE_FAILURE':
      return 'untrusted-issuer';
    case 'CERT_HAS_EXPIRED':
      return 'expired';
    case 'CERT_NOT_YET_VALID':
      return 'not-yet-valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'wrong-host';
    default:
      return 'other';
  }
}

/**
 * Whether accepting the certificate by its fingerprint is a fair offer: only
 * for one no trusted authority vouches for (self-signed or an unknown
 * issuer). An expired certificate or one for another host name points at a
 * real problem that accepting would hide. The core's messages and the
 * window's "Accept this certificate" read the same rule.
 */
export function acceptableRefusal(code: string | null): boolean {
  const reason = refusalReason(code);
  return reason === 'self-signed' || reason === 'untrusted-issuer';
}
