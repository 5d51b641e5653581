import type { TlsRefusal } from './tlsGuard.ts';
import { refusalReason, type TlsRefusalReason, type CertSummary } from './tlsGuard.ts';

/**
 * Sentences for a refused certificate, by kind: what was wrong with it, with
 * the names and dates that let people check, and what to do next. Nothing
 * was sent when these happen. Pure, so each is tested as text.
 */

const day = (iso: string) => iso.slice(0, 10);

function quoteList(names: readonly string[]): string {
  if (names.length === 0) return 'no host names at all';
  const shown = names.slice(0, 6).map((n) => `"${n}"`);
  return shown.join(', ') + (names.length > 6 ? ` and ${names.length - 6} more` : '');
}

const ADD_CA =
  "add that CA's certificate: a CA file in Robot Tray's settings, on the robot, or robot-tray --ca FILE; " +
  "or install it in this computer's certificate store (trusted by default)";

/** A refusal with the certificate in hand. */
export function refusalSentence(refusal: TlsRefusal, host: string): string {
  const leaf: CertSummary | undefined = refusal.details.chain[0];
  const top = refusal.details.chain.at(-1);
  const fp = leaf?.fingerprint256 ?? 'unknown';
  switch (refusal.reason) {
    case 'pin-changed':
      return (
        `The certificate of ${host} CHANGED since it was accepted for this robot: accepted SHA-256 ${refusal.expectedPin ?? '?'}, ` +
        `now SHA-256 ${fp}${leaf ? ` ("${leaf.subject}", issued by "${leaf.issuer}")` : ''}. Nothing was sent. ` +
        'If the service renewed its certificate, confirm the new fingerprint with its administrators and accept it again; ' +
        'otherwise someone may be intercepting the connection.'
      );
    case 'untrusted-issuer':
      return (
        `The certificate of ${host} was issued by "${top?.issuer ?? leaf?.issuer ?? 'an unknown authority'}", ` +
        `which this computer does not trust. If your company uses its own certificate authority (for example a proxy that inspects TLS), ${ADD_CA}.`
      );
    case 'self-signed':
      return (
        `${host} presented a self-signed certificate ("${leaf?.subject ?? '?'}", SHA-256 ${fp}) that nothing vouches for. ` +
        'If you know it is the service’s own, accept this certificate for the robot ' +
        `(robot-tray robot edit ROBOT --accept-cert ${fp}), or ${ADD_CA}.`
      );
    case 'expired':
      return (
        `The certificate of ${host} ("${leaf?.subject ?? '?'}") expired on ${leaf ? day(leaf.validTo) : 'an earlier date'}. ` +
        "The service's administrators must renew it; if that date is in the future, check this computer's clock."
      );
    case 'not-yet-valid':
      return (
        `The certificate of ${host} is valid only from ${leaf ? day(leaf.validFrom) : 'a later date'}. ` +
        "Check this computer's clock and date."
      );
    case 'wrong-host':
      return (
        `The certificate ${host} presented is for ${quoteList(leaf?.names ?? [])}, not for "${refusal.hostname}". ` +
        "Check the host name in the robot's base URL; another site (or a proxy) may be answering at this address."
      );
    case 'other':
      return (
        `The certificate of ${host} was not accepted (${refusal.details.authorizationError ?? 'unknown reason'}). ` +
        'Run robot-tray doctor ROBOT to see the certificate chain.'
      );
  }
}

/** The same kinds when only Node's error code is known (a proxy's own TLS, an old socket). */
export function tlsCodeSentence(code: string, host: string): string | undefined {
  const reason: TlsRefusalReason = refusalReason(code);
  // Neither "other" nor "pin-changed" has a sentence: a code alone says nothing more than Node's message.
  const sentences: Partial<Record<TlsRefusalReason, string>> = {
    'untrusted-issuer': `The certificate of ${host} was issued by an authority this computer does not trust. If your company uses its own certificate authority, ${ADD_CA}.`,
    'self-signed': `${host} presented a self-signed certificate that nothing vouches for. If you know it is the service’s own, accept it for the robot, or ${ADD_CA}.`,
    expired: `The certificate of ${host} has expired. The service's administrators must renew it; check this computer's clock too.`,
    'not-yet-valid': `The certificate of ${host} is not valid yet. Check this computer's clock and date.`,
    'wrong-host': `The certificate of ${host} is for another host name. Check the host name in the robot's base URL.`,
  };
  return sentences[reason];
}

/** Codes meaning the other side answered, but not with TLS: usually plain http on that port. */
export const NOT_TLS_CODES = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_HTTP_REQUEST',
  'ERR_SSL_UNKNOWN_PROTOCOL',
]);
