import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One self-signed CA certificate as a PEM file in `dir`, made by the openssl
 * command line (one quick run, where makeTlsFixtures makes a whole set):
 * what a person picks in the "Choose CA file…" dialog.
 */
export function writeCaPem(
  dir: string,
  name = 'corp-ca.pem',
  subject = '/O=Example Corp/CN=Example Corp Root CA',
): { file: string; sha256: string } {
  const file = path.join(dir, name);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      path.join(dir, `${name}.key`),
      '-out',
      file,
      '-days',
      '30',
      '-subj',
      subject,
    ]),
    { stdio: 'ignore' },
  );
  return { file, sha256: new X509Certificate(readFileSync(file)).fingerprint256 };
}
