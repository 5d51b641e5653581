import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';

/**
 * What a diagnosis of one robot's connection found (`robot-tray doctor`,
 * and the window's "check connection"): shared so the window can show the
 * certificate chain and offer to accept a certificate by its fingerprint.
 */
export const CertSummary = lazySchema(() =>
  z.object({
    subject: z.string(),
    issuer: z.string(),
    /** DNS names and IP addresses the certificate is valid for. */
    names: z.array(z.string()),
    validFrom: z.string(),
    validTo: z.string(),
    fingerprint256: z.string(),
  }),
);
export type CertSummary = z.infer<typeof CertSummary>;

/** What a TLS handshake established, whether or not the certificate was accepted. */
export const TlsDetails = lazySchema(() =>
  z.object({
    protocol: z.string().nullable(),
    cipher: z.string().nullable(),
    /** Node's verdict with the trusted roots: chain and host name. */
    authorized: z.boolean(),
    authorizationError: z.string().nullable(),
    /** Leaf first, as far as the server sent it (and the trust store completed it). */
    chain: z.array(CertSummary),
  }),
);
export type TlsDetails = z.infer<typeof TlsDetails>;

const Failed = lazySchema(() => z.object({ error: z.string() }));

export const Diagnosis = lazySchema(() =>
  z.object({
    origin: z.string(),
    host: z.string(),
    dns: z.union([z.object({ addresses: z.array(z.string()), ms: z.number() }), Failed]),
    route: z.union([
      z.object({
        kind: z.enum(['direct', 'proxy']),
        /** The proxy's address without credentials. */
        proxy: z.string().nullable(),
        source: z.string(),
        detail: z.string(),
      }),
      Failed,
    ]),
    trust: z.object({
      systemStore: z.boolean(),
      caFiles: z.array(z.object({ file: z.string(), source: z.string() })),
    }),
    pin: z.string().nullable(),
    /** TCP, proxy tunnel and TLS handshake together; null when no connection was made. */
    connectMs: z.number().nullable(),
    tls: TlsDetails.nullable(),
    /** The trigger endpoint's answer to OPTIONS, sent without the token: nothing is fired. */
    endpoint: z.union([
      z.object({ method: z.literal('OPTIONS'), path: z.string(), status: z.number(), ms: z.number() }),
      Failed.extend({ kind: z.string() }),
    ]),
  }),
);
export type Diagnosis = z.infer<typeof Diagnosis>;
