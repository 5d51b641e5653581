import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import tls, { type SecureContext } from 'node:tls';
import { AppError } from '../errors.ts';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Where a CA file was named, for messages: "app settings", `robot "X"`, "--ca". */
export type CaSource = string;

/**
 * The certificates of a PEM file, or a validation error saying what is wrong
 * with the file and how to fix it. Several certificates may follow each other.
 */
export function parseCaPem(text: string, file: string, source: CaSource): string[] {
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) {
    const binary = text.includes('\u0000') || /[\u0080-\uffff]/.test(text.slice(0, 64));
    throw new AppError(
      'validation',
      `caFile (${source}): ${file} holds no PEM certificate (text starting "-----BEGIN CERTIFICATE-----").` +
        (binary
          ? ' It looks binary (DER): convert it with "openssl x509 -inform der -in FILE -out FILE.pem".'
          : ' Export the CA certificate as PEM (Base-64) and point to that file.'),
    );
  }
  for (const [index, pem] of blocks.entries()) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new AppError(
        'validation',
        `caFile (${source}): certificate ${index + 1} in ${file} is damaged and cannot be read. Export it again as PEM.`,
      );
    }
  }
  return blocks;
}

function unreadable(file: string, source: CaSource, error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'does not exist'
      : code === 'EACCES' || code === 'EPERM'
        ? 'cannot be read (permission denied)'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : `cannot be read (${code ?? 'error'})`;
  return new AppError(
    'validation',
    `caFile (${source}): ${file} ${why}. Give the path of a PEM file of CA certificates.`,
  );
}

function requireAbsolute(file: string, source: CaSource): void {
  if (!path.isAbsolute(file)) {
    throw new AppError('validation', `caFile (${source}): "${file}" must be an absolute path.`);
  }
}

/** Checked when a robot or the settings are saved, so a bad file is a clear error now, not a TLS failure later. */
export async function checkCaFile(file: string, source: CaSource): Promise<void> {
  requireAbsolute(file, source);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw unreadable(file, source, error);
  }
  parseCaPem(text, file, source);
}

/** Read when connections are made: a file removed since it was saved is named in the error. */
export function loadCaFile(file: string, source: CaSource): string[] {
  requireAbsolute(file, source);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw unreadable(file, source, error);
  }
  return parseCaPem(text, file, source);
}

/** A CA file to trust, and where it was configured. */
export type CaFileRef = { file: string; source: CaSource };

/**
 * Node's bundled roots (plus NODE_EXTRA_CA_CERTS) and, by default, the
 * operating system's store, where company CAs are installed by IT. Node
 * reads the system store once per process (Linux: the OpenSSL locations,
 * which SSL_CERT_FILE and SSL_CERT_DIR move).
 */
export function baseRoots(useSystemCertificates: boolean): string[] {
  const cached = rootsCache.get(useSystemCertificates);
  if (cached !== undefined) return cached;
  const roots = readRoots(useSystemCertificates);
  rootsCache.set(useSystemCertificates, roots);
  return roots;
}

/** The roots change only with the process (Node reads the system store once), so they are read once. */
const rootsCache = new Map<boolean, string[]>();

function readRoots(useSystemCertificates: boolean): string[] {
  const get = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  if (typeof get !== 'function') return [...tls.rootCertificates];
  const roots = new Set(get('default'));
  if (useSystemCertificates) for (const pem of get('system')) roots.add(pem);
  return [...roots];
}

/**
 * Secure contexts by trust configuration: building one parses hundreds of
 * certificates, so it is built once and shared by every connection.
 */
export class TrustStore {
  readonly #contexts = new Map<string, SecureContext>();
  readonly #useSystem: boolean;
  readonly #common: readonly CaFileRef[];

  constructor(options: { useSystemCertificates: boolean; caFiles: readonly CaFileRef[] }) {
    this.#useSystem = options.useSystemCertificates;
    this.#common = options.caFiles;
  }

  /** The CA files every robot trusts (settings, --ca). */
  get files(): CaFileRef[] {
    return [...this.#common];
  }

  /** The context trusting the base roots, every common CA file and `extra` (a robot's own). */
  context(extra: CaFileRef | undefined): SecureContext {
    const files = extra === undefined ? this.#common : [...this.#common, extra];
    const key = files.map((f) => f.file).join('\n');
    let context = this.#contexts.get(key);
    if (context === undefined) {
      const ca = [...baseRoots(this.#useSystem), ...files.flatMap((f) => loadCaFile(f.file, f.source))];
      context = tls.createSecureContext({ ca });
      this.#contexts.set(key, context);
    }
    return context;
  }
}
