import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CliHarness } from '../support/cliHarness.ts';
import { PROXIED_HOST, proxiedUrl, startProxy, type TestProxy } from '../support/proxyServer.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';

/**
 * The CLI in a company network, through the real bin: --ca, the system
 * store (moved with SSL_CERT_FILE), --proxy and the environment, and
 * `robot-tray doctor` on each, never firing and never sending the token.
 */
const echo = [{ type: 'respond' as const, echo: true }];
/** No proxy from the machine running the tests leaks into them. */
const NO_PROXY_ENV = {
  HTTPS_PROXY: undefined,
  https_proxy: undefined,
  HTTP_PROXY: undefined,
  http_proxy: undefined,
  NO_PROXY: undefined,
  no_proxy: undefined,
  SSL_CERT_FILE: undefined,
};

let fx: TlsFixtures;
beforeAll(async () => {
  fx = await makeTlsFixtures();
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

describe('a robot behind a private CA', () => {
  let h: CliHarness;
  let proxy: TestProxy | undefined;
  beforeAll(async () => {
    h = await CliHarness.open({ tls: { key: fx.good.key, cert: fx.good.cert } });
    await h.addRobot({ name: 'Corp', flow: echo });
    // The same kind of robot under a name that is not loopback, for the proxy tests.
    await h.addRobot({ name: 'Far', flow: echo }, { baseUrl: proxiedUrl(h.sandbox.baseUrl) });
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(() => h?.close());
  const run = (args: string[], env: Record<string, string | undefined> = {}) =>
    h.run(args, { env: { ...NO_PROXY_ENV, ...env } });

  test('doctor without the CA: the chain with its issuer, NOT trusted, the fix; exit 5; nothing fired', async () => {
    const result = await run(['doctor', 'Corp']);
    expect(result.code).toBe(5);
    expect(result.stdout).toMatch(/^DNS\s+127\.0\.0\.1 \(\d+ ms\)$/m);
    expect(result.stdout).toMatch(/^Proxy\s+direct \(a loopback address: always direct, /m);
    expect(result.stdout).toMatch(/^TLS\s+TLSv1\.3, /m);
    expect(result.stdout).toMatch(/^Certificate\s+NOT trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/m);
    expect(result.stdout).toContain(
      `1. robots.test (127.0.0.1, localhost, robots.test), issued by Robot Tray Test Corp Root CA`,
    );
    expect(result.stdout).toContain(`SHA-256 ${fx.good.fingerprint256}`);
    expect(result.stdout).toMatch(
      /^Trigger\s+no answer: .*issued by "Robot Tray Test Corp Root CA".*does not trust/m,
    );
    expect(h.sandbox.calls()).toHaveLength(0);
  });

  test('--ca: doctor trusts the chain, the trigger endpoint answers OPTIONS without the token; fire works', async () => {
    const doctor = await run(['doctor', 'Corp', '--ca', fx.ca.certFile]);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/^Certificate\s+trusted$/m);
    expect(doctor.stdout).toContain(`${fx.ca.certFile} (--ca)`);
    expect(doctor.stdout).toMatch(
      /^Trigger\s+answered OPTIONS \/main\/public\/webhook\/request with HTTP \d{3} in \d+ ms \(reachable; nothing was fired and no token was sent\)$/m,
    );
    const probe = h.sandbox.requests().at(-1)!;
    expect(probe.method).toBe('OPTIONS');
    expect(JSON.stringify(probe)).not.toContain(h.sandbox.tokenOf('Corp'));
    expect(h.sandbox.calls()).toHaveLength(0);

    const refused = await run(['fire', 'Corp']);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('does not trust');
    const fired = await run(['--ca', fx.ca.certFile, 'fire', 'Corp']);
    expect(fired.code).toBe(0);
    expect(h.sandbox.calls()).toHaveLength(1);
  });

  test('the system store, by default: a CA installed there (SSL_CERT_FILE) is trusted; not when turned off', async () => {
    const bundle = path.join(fx.dir, 'system-bundle.pem');
    await writeFile(bundle, fx.ca.cert);
    const trusted = await run(['doctor', 'Corp'], { SSL_CERT_FILE: bundle });
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/^Trust\s+Node's roots \+ the system's certificate store$/m);
    const core = await h.core();
    await core.updateSettings({ network: { useSystemCertificates: false } });
    try {
      const refused = await run(['doctor', 'Corp'], { SSL_CERT_FILE: bundle });
      expect(refused.code).toBe(5);
      expect(refused.stdout).toMatch(/^Trust\s+Node's roots$/m);
    } finally {
      await core.updateSettings({ network: { useSystemCertificates: true } }, trustConfirmed);
    }
  });

  test('a --ca file that is missing, not PEM, a pipe, a device or too large is a usage error before anything is sent', async () => {
    const missing = await run(['fire', 'Corp', '--ca', path.join(fx.dir, 'missing.pem')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing.pem does not exist');
    const notPem = path.join(fx.dir, 'key-not-cert.pem');
    await writeFile(notPem, 'hello');
    const bad = await run(['fire', 'Corp', '--ca', notPem]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('holds no PEM certificate');
    // A pipe would hold the command forever, /dev/urandom would be read without end: both are refused at once, by name.
    const fifo = path.join(fx.dir, 'ca.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const special of [fifo, '/dev/urandom']) {
      const refused = await run(['fire', 'Corp', '--ca', special]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${special} is not a regular file (a pipe, socket or device)`);
    }
    const huge = path.join(fx.dir, 'huge.pem');
    await writeFile(huge, `${fx.ca.cert}\n`.repeat(2000));
    const tooLarge = await run(['robot', 'edit', 'Corp', '--ca-file', huge]);
    expect(tooLarge.code).toBe(2);
    expect(tooLarge.stderr).toContain(`${huge} is larger than 1 MiB`);
  });

  test('--proxy and HTTPS_PROXY: doctor names the proxy, the proxy log shows the CONNECT; NO_PROXY bypasses', async () => {
    proxy = await startProxy();
    const port = Number(new URL(h.sandbox.baseUrl).port);
    const flag = await run(['doctor', 'Far', '--ca', fx.ca.certFile, '--proxy', proxy.url]);
    expect(flag.code).toBe(0);
    expect(flag.stdout).toMatch(
      new RegExp(`^Proxy\\s+through ${proxy.url} \\(from --proxy\\), tunnelled with CONNECT$`, 'm'),
    );
    expect(flag.stdout).toMatch(/^Connect\s+\d+ ms \(TCP, proxy tunnel, TLS\)$/m);
    expect(proxy.log).toEqual([{ method: 'CONNECT', hostname: PROXIED_HOST, port, user: '' }]);

    const fired = await run(['fire', 'Far', '--ca', fx.ca.certFile], { HTTPS_PROXY: proxy.url });
    expect(fired.code).toBe(0);
    expect(proxy.log).toHaveLength(2);
    expect(proxy.received()).not.toContain(h.sandbox.tokenOf('Far'));

    const bypass = await run(['doctor', 'Far', '--ca', fx.ca.certFile], {
      https_proxy: proxy.url,
      NO_PROXY: PROXIED_HOST,
    });
    expect(bypass.stdout).toMatch(/^Proxy\s+direct \(NO_PROXY lists this host\)$/m);
    expect(proxy.log).toHaveLength(2);
  });

  test('a loopback robot goes direct under --proxy, HTTPS_PROXY and a manual proxy: doctor says why, the proxy sees nothing', async () => {
    proxy = await startProxy();
    const loopback =
      /^Proxy\s+direct \(a loopback address: always direct, whatever the proxy settings, environment or --proxy say\)$/m;
    const flag = await run(['doctor', 'Corp', '--ca', fx.ca.certFile, '--proxy', proxy.url]);
    expect(flag.code).toBe(0);
    expect(flag.stdout).toMatch(loopback);
    const env = { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url };
    const fired = await run(['fire', 'Corp', '--ca', fx.ca.certFile, '--wait'], env);
    expect(fired.code).toBe(0);
    const manual = await run([
      'network',
      'set',
      '--proxy-mode',
      'manual',
      '--proxy-url',
      proxy.url,
      '--confirm-trust',
    ]);
    expect(manual.code).toBe(0);
    try {
      const doctor = await run(['doctor', 'Corp', '--ca', fx.ca.certFile]);
      expect(doctor.stdout).toMatch(loopback);
      expect((await run(['fire', 'Corp', '--ca', fx.ca.certFile, '--wait'])).code).toBe(0);
    } finally {
      await run(['network', 'set', '--proxy-mode', 'system', '--confirm-trust']);
    }
    expect(proxy.log).toEqual([]);
    expect(proxy.received()).toBe('');
  });

  test('a proxy that wants a password: doctor explains the 407, exit 5', async () => {
    proxy = await startProxy({ user: 'bob', password: 'hunter22' });
    const result = await run(['doctor', 'Far', '--ca', fx.ca.certFile], { HTTPS_PROXY: proxy.url });
    expect(result.code).toBe(5);
    expect(result.stdout).toContain(`The proxy ${proxy.url} asked for a user name and password (HTTP 407`);
    const withAuth = new URL(proxy.url);
    withAuth.username = 'bob';
    withAuth.password = 'hunter22';
    const ok = await run(['doctor', 'Far', '--ca', fx.ca.certFile], { HTTPS_PROXY: withAuth.href });
    expect(ok.code).toBe(0);
    expect(ok.stdout).not.toContain('hunter22');
    expect(proxy.log.at(-1)).toMatchObject({ user: 'bob' });
  });
});

describe('robot-tray network: the settings shared with the app', () => {
  test('a manual proxy with user and keychain password: calls go through; the password is in no file or output', async () => {
    const h = await CliHarness.open({ tls: { key: fx.good.key, cert: fx.good.cert } });
    const proxy = await startProxy({ user: 'carol', password: 'correct horse battery' });
    try {
      await h.addRobot({ name: 'Corp', flow: echo }, { baseUrl: proxiedUrl(h.sandbox.baseUrl) });
      h.secrets.add('correct horse battery');
      const bad = await h.run(['network', 'set', '--proxy-mode', 'manual']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('manual proxy mode needs a proxy address');
      const args = ['network', 'set', '--proxy-mode', 'manual', '--proxy-url', proxy.url].concat([
        '--proxy-user',
        'carol',
        '--proxy-password-stdin',
        '--ca-file',
        fx.ca.certFile,
        '--bypass',
        'intranet.example, .corp',
      ]);
      // Where the token would travel changes: refused, naming each change and the flag; nothing changed.
      const unconfirmed = await h.run(args, { input: 'correct horse battery\n' });
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toContain(`send requests through the proxy ${proxy.url} instead of `);
      expect(unconfirmed.stderr).toContain(`trust the CA file ${path.basename(fx.ca.certFile)} (`);
      expect(unconfirmed.stderr).toContain('run the command again with --confirm-trust');
      expect((await h.run(['network', 'show', '--json'])).stdout).toContain('"proxyMode": "system"');
      const set = await h.run([...args, '--confirm-trust'], { input: 'correct horse battery\n' });
      expect(set.code).toBe(0);
      expect(set.stdout).toMatch(/^Proxy password\s+in the keychain$/m);
      expect(set.stdout).toMatch(/^Bypass\s+intranet\.example, \.corp$/m);
      const doctor = await h.run(['doctor', 'Corp'], { env: NO_PROXY_ENV });
      expect(doctor.code).toBe(0);
      expect(doctor.stdout).toMatch(
        new RegExp(`^Proxy\\s+through ${proxy.url} \\(manual proxy setting\\)`, 'm'),
      );
      const fired = await h.run(['fire', 'Corp'], { env: NO_PROXY_ENV });
      expect(fired.code).toBe(0);
      expect(proxy.log.at(-1)).toMatchObject({ method: 'CONNECT', user: 'carol' });
      // The password is kept for this proxy's address: another address would get it only if confirmed.
      const moved = await h.run(['network', 'set', '--proxy-url', 'http://127.0.0.1:9']);
      expect(moved.code).toBe(2);
      expect(moved.stderr).toContain(
        `send the proxy password stored for ${proxy.url} to the proxy http://127.0.0.1:9`,
      );

      const cleared = await h.run([
        'network',
        'set',
        '--no-proxy-password',
        '--proxy-mode',
        'none',
        '--no-ca-file',
      ]);
      expect(cleared.stdout).toMatch(/^Proxy password\s+none$/m);
      expect(cleared.stdout).toMatch(/^CA file\s+-$/m);
    } finally {
      await proxy.close();
      await h.close();
    }
  });
});

describe('doctor on the certificates that are refused', () => {
  const cases = [
    ['expired', () => fx.expired, /^Trigger\s+no answer: .*expired on 2021-01-01/m],
    [
      'wrong host',
      () => fx.otherHost,
      /^Trigger\s+no answer: .*is for "other\.example", not for "127\.0\.0\.1"/m,
    ],
  ] as const;
  test.each(cases)('%s', async (_name, pem, expected) => {
    const h = await CliHarness.open({ tls: { key: pem().key, cert: pem().cert } });
    try {
      await h.addRobot({ name: 'R', flow: echo }, { caFile: fx.ca.certFile });
      const result = await h.run(['doctor', 'R'], { env: NO_PROXY_ENV });
      expect(result.code).toBe(5);
      expect(result.stdout).toMatch(expected);
      expect(h.sandbox.requests()).toHaveLength(0);
    } finally {
      await h.close();
    }
  });

  test('self-signed: accepted with --accept-cert from doctor; a changed certificate is refused loudly', async () => {
    const h = await CliHarness.open({ tls: { key: fx.selfSigned.key, cert: fx.selfSigned.cert } });
    try {
      await h.addRobot({ name: 'Lab', flow: echo });
      const first = await h.run(['doctor', 'Lab'], { env: NO_PROXY_ENV });
      expect(first.stdout).toMatch(/^Certificate\s+NOT trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/m);
      expect(first.stdout).toContain(
        `self-signed certificate ("self.robots.test", SHA-256 ${fx.selfSigned.fingerprint256})`,
      );
      const accept = ['robot', 'edit', 'Lab', '--accept-cert', fx.selfSigned.fingerprint256];
      const unconfirmed = await h.run(accept);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toContain(
        `accept the certificate ${fx.selfSigned.fingerprint256} for ${new URL(h.sandbox.baseUrl).host} whatever its issuer or name`,
      );
      expect(unconfirmed.stderr).toContain('--confirm-trust');
      expect((await h.run(['doctor', 'Lab'], { env: NO_PROXY_ENV })).code).toBe(5);
      const edit = await h.run([...accept, '--confirm-trust']);
      expect(edit.code).toBe(0);
      const pinned = await h.run(['doctor', 'Lab'], { env: NO_PROXY_ENV });
      expect(pinned.code).toBe(0);
      expect(pinned.stdout).toMatch(/^Certificate\s+accepted: it is the certificate pinned for this robot$/m);

      await h.run([
        'robot',
        'edit',
        'Lab',
        '--accept-cert',
        fx.selfSignedAgain.fingerprint256,
        '--confirm-trust',
      ]);
      const changed = await h.run(['doctor', 'Lab'], { env: NO_PROXY_ENV });
      expect(changed.code).toBe(5);
      expect(changed.stdout).toMatch(/^Certificate\s+REFUSED: not the certificate pinned for this robot/m);
      expect(changed.stdout).toContain('CHANGED since it was accepted');
      expect(h.sandbox.requests().filter((r) => r.method !== 'OPTIONS')).toHaveLength(0);
    } finally {
      await h.close();
    }
  });
});
