import type { PeerCertificate, DetailedPeerCertificate, TLSSocket } from 'node:tls';
import type { buildConnector } from 'undici';
import type { CertSummary, TlsDetails } from '../../shared/models/diagnosis.ts';
import { refusalReason, type TlsRefusalReason } from '../../shared/net/certificateRefusal.ts';

export type { CertSummary, TlsDetails, TlsRefusalReason };
export { refusalReason };

/**
 * A certificate Robot Tray refused after the handshake and before sending
 * anything. It carries the certificate details that make the message useful.
 */
export class TlsRefusal extends Error {
  readonly code = 'ROBOT_TRAY_TLS_REFUSED';
  readonly reason: TlsRefusalReason;
  readonly details: TlsDetails;
  readonly hostname: string;
  readonly expectedPin: string | null;

  constructor(reason: TlsRefusalReason, details: TlsDetails, hostname: string, expectedPin: string | null) {
    super(`certificate refused: ${reason} (${details.authorizationError ?? 'pin'})`);
    this.name = 'TlsRefusal';
    this.reason = reason;
    this.details = details;
    this.hostname = hostname;
    this.expectedPin = expectedPin;
  }
}

function nameOf(part: Record<string, unknown> | undefined): string {
  const pick = (v: unknown) => (Array.isArray(v) ? String(v[0]) : typeof v === 'string' ? v : undefined);
  return pick(part?.['CN']) ?? pick(part?.['O']) ?? '(unnamed)';
}

function summarize(cert: PeerCertificate): CertSummary {
  const names = (cert.subjectaltname ?? '')
    .split(/,\s*/)
    .map((entry) => entry.replace(/^(DNS|IP Address):/, ''))
    .filter((entry) => entry !== '');
  return {
    subject: nameOf(cert.subject as unknown as Record<string, unknown>),
    issuer: nameOf(cert.issuer as unknown as Record<string, unknown>),
    names,
    validFrom: new Date(cert.valid_from).toISOString(),
    validTo: new Date(cert.valid_to).toISOString(),
    fingerprint256: cert.fingerprint256,
  };
}

/** The chain from the leaf up, stopping at a self-issued certificate or the end of what is known. */
export function describeTls(socket: TLSSocket): TlsDetails {
  const chain: CertSummary[] = [];
  let cert: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  const seen = new Set<string>();
  while (cert !== undefined && cert.fingerprint256 !== undefined && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    chain.push(summarize(cert));
    cert = cert.issuerCertificate;
  }
  const error = socket.authorizationError as unknown as Error | string | null;
  return {
    protocol: socket.getProtocol(),
    cipher: socket.getCipher()?.name ?? null,
    authorized: socket.authorized,
    authorizationError:
      error === null || error === undefined ? null : typeof error === 'string' ? error : error.message,
    chain,
  };
}

type Connector = buildConnector.connector;

export type GuardOptions = {
  /** The accepted certificate's SHA-256 fingerprint, as Node prints it. */
  pin: string | null;
  /** Told of every connection made: what TLS established (null for plain http) and how long it took (doctor). */
  observe?: (details: TlsDetails | null, connectMs: number) => void;
};

/**
 * Wraps an undici connector whose TLS layer does not reject on its own
 * (rejectUnauthorized: false) and decides here instead, before any byte of
 * the request is written: a socket Node did not authorize (chain or host
 * name) is refused, unless its certificate is exactly the one pinned for the
 * robot; with a pin, any other certificate is refused even when trusted.
 * Deciding here is what lets a refusal name the issuer, the dates and the
 * names of the certificate. Plain http sockets pass through untouched.
 */
export function guardConnector(base: Connector, options: GuardOptions): Connector {
  return (connectOptions, callback) => {
    const started = performance.now();
    base(connectOptions, (error, socket) => {
      const ms = performance.now() - started;
      if (error !== null || socket === null) {
        callback(error ?? new Error('no socket'), null);
        return;
      }
      if (!('encrypted' in socket)) {
        options.observe?.(null, ms);
        callback(null, socket);
        return;
      }
      const tlsSocket = socket as TLSSocket;
      const details = describeTls(tlsSocket);
      options.observe?.(details, ms);
      const refusal = judge(details, options.pin, connectOptions.servername || connectOptions.hostname);
      if (refusal !== undefined) {
        tlsSocket.destroy();
        callback(refusal, null);
        return;
      }
      callback(null, tlsSocket);
    });
  };
}

/** The decision itself, pure: undefined means the connection may carry the request. */
export function judge(details: TlsDetails, pin: string | null, hostname: string): TlsRefusal | undefined {
  if (pin !== null) {
    return details.chain[0]?.fingerprint256 === pin
      ? undefined
      : new TlsRefusal('pin-changed', details, hostname, pin);
  }
  if (details.authorized) return undefined;
  return new TlsRefusal(refusalReason(details.authorizationError), details, hostname, null);
}
