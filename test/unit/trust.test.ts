import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls, { type SecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseRoots, checkCaFile, loadCaFile, parseCaPem, TrustStore } from '../../src/core/http/trust.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';

/**
 * Which certificate authorities a robot's connections trust: CA files checked
 * when saved and read when used, the OS store, and one secure context per
 * combination. Real certificates from openssl; real TLS handshakes.
 */
let fx: TlsFixtures;
let dir: string;
beforeAll(async () => {
  fx = await makeTlsFixtures();
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-trust-'));
  // This test file's process has its own "OS store": the test CA alone.
  const emptyDir = path.join(dir, 'no-certs');
  await mkdir(emptyDir);
  process.env['SSL_CERT_FILE'] = fx.ca.certFile;
  process.env['SSL_CERT_DIR'] = emptyDir;
});
afterAll(async () => {
  await fx.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a CA file', () => {
  test('holds every certificate it lists, in order', () => {
    const both = `${fx.ca.cert}\n${fx.selfSigned.cert}`;
    expect(parseCaPem(both, '/etc/ca.pem', 'app settings')).toHaveLength(2);
  });

  test('a binary (DER) file is named as such, with the command that converts it', () => {
    expect(() => parseCaPem('0\u0082\u0003\u0000binary', '/etc/ca.der', 'app settings')).toThrow(
      expect.objectContaining({
        kind: 'validation',
        message:
          'caFile (app settings): /etc/ca.der holds no PEM certificate (text starting "-----BEGIN CERTIFICATE-----"). ' +
          'It looks binary (DER): convert it with "openssl x509 -inform der -in FILE -out FILE.pem".',
      }),
    );
    expect(() => parseCaPem('0\u00e9\u00ff high bytes in the first 64', '/x.der', '--ca')).toThrow(
      /looks binary/,
    );
  });

  test('a text file without a certificate says to export one as PEM', () => {
    expect(() => parseCaPem('just some notes', '/etc/notes.txt', 'robot "Invoices"')).toThrow(
      expect.objectContaining({
        kind: 'validation',
        message:
          'caFile (robot "Invoices"): /etc/notes.txt holds no PEM certificate (text starting "-----BEGIN CERTIFICATE-----"). ' +
          'Export the CA certificate as PEM (Base-64) and point to that file.',
      }),
    );
  });

  test('a damaged certificate is named by its place in the file', () => {
    const damaged = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
    expect(() => parseCaPem(`${fx.ca.cert}\n${damaged}`, '/etc/ca.pem', '--ca')).toThrow(
      expect.objectContaining({
        kind: 'validation',
        message:
          'caFile (--ca): certificate 2 in /etc/ca.pem is damaged and cannot be read. Export it again as PEM.',
      }),
    );
  });

  test.each([
    ['checked when saved', (file: string) => checkCaFile(file, '--ca')],
    ['read when used', async (file: string) => void loadCaFile(file, '--ca')],
  ])('%s: must be absolute, and must be a readable file', async (_when, use) => {
    await expect(use('ca.pem')).rejects.toMatchObject({
      kind: 'validation',
      message: 'caFile (--ca): "ca.pem" must be an absolute path.',
    });
    const missing = path.join(dir, 'missing.pem');
    await expect(use(missing)).rejects.toMatchObject({
      message: `caFile (--ca): ${missing} does not exist. Give the path of a PEM file of CA certificates.`,
    });
    await expect(use(dir)).rejects.toMatchObject({
      message: expect.stringContaining(`${dir} is a folder, not a file.`),
    });
    const loop = path.join(dir, 'loop.pem');
    await symlink(loop, loop).catch(() => undefined);
    await expect(use(loop)).rejects.toMatchObject({
      message: expect.stringContaining(`${loop} cannot be read (ELOOP).`),
    });
    await expect(use(fx.ca.certFile)).resolves.not.toThrow();
  });

  test('loading returns the certificates', () => {
    expect(loadCaFile(fx.ca.certFile, '--ca')).toEqual([fx.ca.cert.trim()]);
  });
});

describe('the base roots', () => {
  test("Node's bundled roots always; the OS store's only when asked", () => {
    const bundled = baseRoots(false);
    const withSystem = baseRoots(true);
    const ca = (roots: string[]) => roots.some((pem) => pem.includes(fx.ca.cert.split('\n')[1]!));
    expect(ca(bundled)).toBe(false);
    expect(ca(withSystem)).toBe(true);
    expect(bundled.length).toBeGreaterThan(50);
    expect(withSystem.length).toBe(bundled.length + 1);
    // Read once per process.
    expect(baseRoots(true)).toBe(withSystem);
  });
});

describe('TrustStore', () => {
  let server: tls.Server;
  let port: number;
  beforeAll(async () => {
    server = tls.createServer({ key: fx.good.key, cert: fx.good.cert }, (socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Whether a handshake with the test server (its certificate signed by the test CA) is trusted. */
  async function trusts(context: SecureContext): Promise<boolean> {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      secureContext: context,
      rejectUnauthorized: false,
    });
    await new Promise((resolve) => socket.once('secureConnect', resolve));
    const authorized = socket.authorized;
    socket.destroy();
    return authorized;
  }

  test("a robot's own CA file is trusted for that robot only", async () => {
    const store = new TrustStore({ useSystemCertificates: false, caFiles: [] });
    expect(await trusts(store.context(undefined))).toBe(false);
    expect(await trusts(store.context({ file: fx.ca.certFile, source: 'robot "Corp"' }))).toBe(true);
    expect(await trusts(store.context(undefined))).toBe(false);
  });

  test('a CA file from the settings is trusted for every robot', async () => {
    const common = [{ file: fx.ca.certFile, source: 'app settings' }];
    const store = new TrustStore({ useSystemCertificates: false, caFiles: common });
    expect(await trusts(store.context(undefined))).toBe(true);
    expect(store.files).toEqual(common);
  });

  test('the OS store, when used, is trusted', async () => {
    expect(
      await trusts(new TrustStore({ useSystemCertificates: true, caFiles: [] }).context(undefined)),
    ).toBe(true);
  });

  test('one context per combination of files, built once', () => {
    const store = new TrustStore({ useSystemCertificates: false, caFiles: [] });
    const robotCa = { file: fx.ca.certFile, source: 'robot "Corp"' };
    expect(store.context(robotCa)).toBe(store.context({ ...robotCa }));
    expect(store.context(undefined)).toBe(store.context(undefined));
    expect(store.context(undefined)).not.toBe(store.context(robotCa));
  });
});
