import type { Diagnosis } from '../../../../shared/models/diagnosis.ts';
import { acceptableRefusal } from '../../../../shared/net/certificateRefusal.ts';

/** What a connection check says of the robot's certificate, and whether accepting it is offered. */
export type CertificateVerdict = {
  tone: 'ok' | 'warning' | 'error';
  text: string;
  /** Offered only for a certificate refused as self-signed or from an unknown issuer. */
  canAccept: boolean;
};

/**
 * The verdict on the certificate a check saw: trusted, accepted by its
 * fingerprint, or refused and why. Accepting is offered for self-signed and
 * unknown-issuer certificates only: an expired certificate or one for another
 * host name points at a real problem that accepting would hide.
 */
export function certificateVerdict(d: Diagnosis, pin: string | null): CertificateVerdict | null {
  const tls = d.tls;
  const leaf = tls?.chain[0];
  if (tls === null || leaf === undefined) return null;
  if (pin !== null && leaf.fingerprint256 === pin) {
    return { tone: 'ok', text: 'Accepted: it is the certificate accepted for this robot.', canAccept: false };
  }
  const untrusted = !tls.authorized && acceptableRefusal(tls.authorizationError);
  if (pin !== null) {
    return {
      tone: 'error',
      text: 'Refused: this is not the certificate accepted for this robot. If the service replaced its certificate, check the new one with IT before accepting it.',
      canAccept: untrusted,
    };
  }
  if (tls.authorized) return { tone: 'ok', text: 'Trusted.', canAccept: false };
  const why =
    tls.authorizationError === 'DEPTH_ZERO_SELF_SIGNED_CERT'
      ? 'it is self-signed'
      : untrusted
        ? 'no trusted certificate authority vouches for it'
        : `${tls.authorizationError ?? 'unknown reason'}`;
  return { tone: untrusted ? 'warning' : 'error', text: `Not trusted: ${why}.`, canAccept: untrusted };
}
