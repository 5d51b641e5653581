import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Pem = { key: string; cert: string; certFile: string; fingerprint256: string };

export type TlsFixtures = {
  dir: string;
  /** A private root CA, as a company's IT would run. */
  ca: Pem;
  /** Signed by the CA, for 127.0.0.1 and localhost. */
  good: Pem;
  /** Signed by the CA, for 127.0.0.1, but expired in 2021. */
  expired: Pem;
  /** Signed by the CA, for other.example only. */
  otherHost: Pem;
  /** Self-signed, for 127.0.0.1 and localhost. */
  selfSigned: Pem;
  /** A second self-signed certificate for the same names: a "changed" certificate. */
  selfSignedAgain: Pem;
  close(): Promise<void>;
};

const CA_CONFIG = `
[ ca ]
default_ca = test_ca
[ test_ca ]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
copy_extensions = copy
unique_subject = no
[ any ]
commonName = supplied
`;

/**
 * Certificates made with the openssl command line for one test file: a
 * private CA and leaves it signed (valid, expired, for another host), and
 * self-signed ones. Nothing is mocked: the TLS stack sees real certificates.
 */
export async function makeTlsFixtures(): Promise<TlsFixtures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-tls-'));
  const openssl = (args: string[]) => run('openssl', args, { cwd: dir });
  await writeFile(path.join(dir, 'ca.cnf'), CA_CONFIG);
  await writeFile(path.join(dir, 'index.txt'), '');
  await writeFile(path.join(dir, 'serial'), '1000\n');

  const load = async (name: string): Promise<Pem> => {
    const cert = await readFile(path.join(dir, `${name}.pem`), 'utf8');
    return {
      key: await readFile(path.join(dir, `${name}.key`), 'utf8'),
      cert,
      certFile: path.join(dir, `${name}.pem`),
      fingerprint256: new X509Certificate(cert).fingerprint256,
    };
  };
  /** A new P-256 key written to NAME.key, unencrypted: openssl req's key arguments. */
  const newKey = (name: string) => [
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
  ];
  const selfSigned = async (name: string, cn: string, san: string) => {
    await openssl(
      ['req', '-x509', ...newKey(name), '-out', `${name}.pem`].concat([
        '-days',
        '30',
        '-subj',
        `/CN=${cn}`,
        '-addext',
        `subjectAltName=${san}`,
      ]),
    );
    return load(name);
  };
  const signed = async (name: string, cn: string, san: string, validity: string[]) => {
    await openssl(
      ['req', ...newKey(name), '-out', `${name}.csr`].concat([
        '-subj',
        `/CN=${cn}`,
        '-addext',
        `subjectAltName=${san}`,
      ]),
    );
    await openssl(
      ['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-notext'].concat([
        '-in',
        `${name}.csr`,
        '-out',
        `${name}.pem`,
        ...validity,
      ]),
    );
    return load(name);
  };

  await openssl(
    ['req', '-x509', ...newKey('ca'), '-out', 'ca.pem'].concat([
      '-days',
      '30',
      '-subj',
      '/CN=Robot Tray Test Corp Root CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ]),
  );
  const ca = await load('ca');
  // robots.test: a name that is not loopback, so requests to it may go through a
  // test proxy, which resolves it to 127.0.0.1 (see proxyServer.ts).
  const loopback = 'IP:127.0.0.1,DNS:localhost,DNS:robots.test';
  return {
    dir,
    ca,
    good: await signed('good', 'robots.test', loopback, ['-days', '30']),
    expired: await signed('expired', 'old.robots.test', loopback, [
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20210101000000Z',
    ]),
    otherHost: await signed('other', 'other.example', 'DNS:other.example', ['-days', '30']),
    selfSigned: await selfSigned('self', 'self.robots.test', loopback),
    selfSignedAgain: await selfSigned('self2', 'self.robots.test', loopback),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
