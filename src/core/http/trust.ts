import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import type { SecureContext } from 'node:tls';
import type { CaFileSummary } from '../../shared/models/network.ts';
import { AppError } from '../errors.ts';
import {
  opaqueProblemWords,
  problemWords,
  readUserFile,
  readUserFileSync,
  UserFileError,
} from '../files/readUserFile.ts';

/**
 * node:tls, loaded when an https robot first needs it: a CLI command for a
 * plain-http robot (the sandbox, a lab box) does not pay for loading it.
 */
const tls = () => process.getBuiltinModule('node:tls');

/** A file of CA certificates is a few KiB; a company bundle a few hundred. More is not one. */
export const CA_FILE_LIMIT_BYTES = 1024 * 1024;

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

/**
 * How a CA file problem is worded: `precise` for the person who typed the
 * path (CLI, settings they wrote), `opaque` where the asker is the window, so
 * the answer cannot tell a missing file from an unusable one.
 */
export type CaWords = 'precise' | 'opaque';

function unreadable(file: string, source: CaSource, error: unknown, words: CaWords): AppError {
  if (!(error instanceof UserFileError)) throw error;
  if (words === 'opaque') {
    // The window is told the name of the file the person picked, never its folders (main/ipc/windowView.ts).
    const why = opaqueProblemWords(CA_FILE_LIMIT_BYTES);
    return new AppError(
      'validation',
      `caFile (${source}): ${path.basename(file)} ${why}. Choose a PEM file of CA certificates.`,
    );
  }
  return new AppError(
    'validation',
    `caFile (${source}): ${file} ${problemWords(error.problem)}. Give the path of a PEM file of CA certificates.`,
  );
}

function requireAbsolute(file: string, source: CaSource): void {
  if (!path.isAbsolute(file)) {
    throw new AppError('validation', `caFile (${source}): "${file}" must be an absolute path.`);
  }
}

/** What the window shows of a CA file: its name, how many certificates, the first one's subject and fingerprint. */
export function summarizeCaFile(file: string, certificates: readonly string[]): CaFileSummary {
  const first = new X509Certificate(certificates[0]!);
  return {
    name: path.basename(file),
    count: certificates.length,
    subject: first.subject.replace(/\n/g, ', '),
    sha256: first.fingerprint256,
  };
}

/**
 * Checked when a robot or the settings are saved, so a bad file is a clear
 * error now, not a TLS failure later. Read through the safe reader: a pipe,
 * a device or a huge file is refused without blocking or reading it.
 */
export async function checkCaFile(
  file: string,
  source: CaSource,
  words: CaWords = 'precise',
): Promise<CaFileSummary> {
  requireAbsolute(file, source);
  let text: string;
  try {
    text = (await readUserFile(file, CA_FILE_LIMIT_BYTES)).toString('utf8');
  } catch (error) {
    throw unreadable(file, source, error, words);
  }
  return summarizeCaFile(file, parseCaPem(text, file, source));
}

/** Read when connections are made: a file removed since it was saved is named in the error. */
export function loadCaFile(file: string, source: CaSource): string[] {
  requireAbsolute(file, source);
  let text: string;
  try {
    text = readUserFileSync(file, CA_FILE_LIMIT_BYTES).toString('utf8');
  } catch (error) {
    throw unreadable(file, source, error, 'precise');
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
  const get = (tls() as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  if (typeof get !== 'function') return [...tls().rootCertificates];
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
      context = tls().createSecureContext({ ca });
      this.#contexts.set(key, context);
    }
    return context;
  }
}
