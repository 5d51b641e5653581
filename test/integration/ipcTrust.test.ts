import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { writeCaPem } from '../support/caFile.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { startMitmProxy, type MitmProxy } from '../support/mitmProxy.ts';
import { proxiedUrl, startProxy, type TestProxy } from '../support/proxyServer.ts';
import { catalogTablesIn } from '../support/databaseFile.ts';
import { openIpcShell, type IpcShell } from '../support/ipcShell.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';

/**
 * A compromised window against main's real dispatch and handlers, on a desk
 * set up the way a company's is: a proxy that wants a password, a private
 * CA, a robot behind both. The attacker is a proxy on loopback that ends TLS
 * itself with a self-signed certificate: whatever reaches it, it reads.
 * Where a secret travels changes only when the person says yes to main's own
 * dialog, which names the change.
 */
const PROXY_USER = 'alice';
const PROXY_PASSWORD = 'pr0xy-Secret-42';
const basicOf = (password: string) => `Basic ${Buffer.from(`${PROXY_USER}:${password}`).toString('base64')}`;
const QUIET = { pollPolicy: { firstDelayMs: 600_000 } };

let fx: TlsFixtures;
beforeAll(async () => {
  fx = await makeTlsFixtures();
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

let shell: IpcShell | undefined;
let home: Sandbox | undefined;
let company: TestProxy | undefined;
let attacker: MitmProxy | undefined;
afterEach(async () => {
  await shell?.close();
  await home?.close();
  await company?.close();
  await attacker?.close();
  shell = home = company = attacker = undefined;
});

/**
 * The desk as the person set it up (through the core, confirmed): the
 * company proxy with its password, the company CA, and a robot behind them
 * with its token. `tls: false` makes it a plain-http robot.
 */
async function companyDesk(tls = true) {
  home = await startSandbox({
    demoRobots: false,
    seed: 31,
    ...(tls ? { tls: { key: fx.good.key, cert: fx.good.cert } } : {}),
  });
  const { token } = home.addRobot({ name: 'Payroll', flow: [{ type: 'respond', echo: true }] });
  company = await startProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
  attacker = await startMitmProxy(tls ? { key: fx.selfSigned.key, cert: fx.selfSigned.cert } : undefined);
  const secrets = memorySecrets();
  shell = await openIpcShell({ core: { secrets, network: { env: {} } } });
  const { core } = shell;
  await core.updateSettings(
    {
      network: { proxyMode: 'manual', proxyUrl: company.url, proxyUser: PROXY_USER, caFile: fx.ca.certFile },
    },
    trustConfirmed,
  );
  await core.setProxyPassword(PROXY_PASSWORD);
  const robot = await core.createRobot(
    { name: 'Payroll', baseUrl: proxiedUrl(home.baseUrl), allowInsecureHttp: !tls, ...QUIET },
    trustConfirmed,
  );
  await core.setToken(robot.id, token);
  return { robot, token, secrets };
}

/** What the attacker saw that it must not: a token, or the proxy password. */
function stolen(token: string) {
  return {
    tokens: attacker!.requests.filter((r) => r.headers['x-service-token'] === token).length,
    passwords: attacker!.connects.filter((c) => c.proxyAuthorization === basicOf(PROXY_PASSWORD)).length,
  };
}

describe('through IPC, where a secret goes is decided in main', () => {
  test('a proxy and an accepted certificate from the window, declined in main’s dialog: the attacker receives nothing', async () => {
    const { robot, token } = await companyDesk();
    const before = shell!.core.getSettings();

    const proxyRefused = await shell!.refusal('updateSettings', { network: { proxyUrl: attacker!.url } });
    expect(proxyRefused.kind).toBe('unconfirmed');
    expect(proxyRefused.message).toContain('Nothing was changed');
    const pinRefused = await shell!.refusal('updateRobot', {
      id: robot.id,
      patch: { pinnedCertSha256: fx.selfSigned.fingerprint256 },
    });
    expect(pinRefused.kind).toBe('unconfirmed');

    // Main asked, naming each change in plain words; the dialogs were cancelled (their default).
    const [proxyQuestion, pinQuestion] = shell!.asked;
    expect(proxyQuestion!.detail).toContain(
      `Send requests through the proxy ${attacker!.url} instead of through the proxy ${company!.url}.`,
    );
    expect(proxyQuestion!.detail).toContain(
      `Send the proxy password stored for ${company!.url} to the proxy ${attacker!.url}.`,
    );
    expect(pinQuestion!.message).toContain('robot "Payroll"');
    expect(pinQuestion!.detail).toContain(
      `Accept the certificate ${fx.selfSigned.fingerprint256} for ${new URL(proxiedUrl(home!.baseUrl)).host} whatever its issuer or name.`,
    );
    expect(JSON.stringify(shell!.asked)).not.toContain(PROXY_PASSWORD);
    expect(JSON.stringify(shell!.asked)).not.toContain(token);
    expect(shell!.core.getSettings()).toEqual(before);
    expect((await shell!.core.getRobot(robot.id)).pinnedCertSha256).toBeNull();

    // The window fires and checks the connection: both go the way the person set up.
    expect((await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} })).state).toBe(
      'waiting',
    );
    expect((await shell!.value('diagnoseRobot', { id: robot.id })).route).toMatchObject({
      proxy: company!.url,
    });
    expect(home!.requests().map((r) => [r.method, r.headers['x-service-token']])).toEqual([
      ['POST', token],
      ['OPTIONS', undefined],
    ]);
    expect(attacker!.connects).toEqual([]);
    expect(attacker!.requests).toEqual([]);
  });

  test('confirmed in main’s dialog, the same requests take effect: only then does the attacker receive the token and the password', async () => {
    const { robot, token } = await companyDesk();
    shell!.answers.push(true, true);
    await shell!.value('updateSettings', { network: { proxyUrl: attacker!.url } });
    const pinned = await shell!.value('updateRobot', {
      id: robot.id,
      patch: { pinnedCertSha256: fx.selfSigned.fingerprint256 },
    });
    expect(pinned.pinnedCertOrigin).toBe(new URL(proxiedUrl(home!.baseUrl)).origin);
    expect(shell!.asked).toHaveLength(2);

    await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(stolen(token)).toEqual({ tokens: 1, passwords: 1 });
    expect(home!.requests()).toEqual([]);
  });

  test('a plain-http robot: the proxy alone would be enough, so the proxy alone is asked about', async () => {
    const { robot, token } = await companyDesk(false);
    expect((await shell!.refusal('updateSettings', { network: { proxyUrl: attacker!.url } })).kind).toBe(
      'unconfirmed',
    );
    // A new plain-http robot on another machine is a trust decision too.
    const plain = await shell!.refusal('createRobot', {
      name: 'Elsewhere',
      baseUrl: 'http://10.0.0.5:8080',
      allowInsecureHttp: true,
    });
    expect(plain.kind).toBe('unconfirmed');
    expect(shell!.asked[1]!.detail).toContain('Allow plain http to 10.0.0.5:8080');
    expect((await shell!.core.listRobots()).map((r) => r.name)).toEqual(['Payroll']);

    await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(home!.requests().map((r) => r.headers['x-service-token'])).toEqual([token]);
    expect(attacker!.connects).toEqual([]);

    shell!.answers.push(true);
    await shell!.value('updateSettings', { network: { proxyUrl: attacker!.url } });
    await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(stolen(token).tokens).toBe(1);
  });

  test('a proxy address changed without confirmation (the database written by something else) never gets the password', async () => {
    const { robot, secrets } = await companyDesk();
    expect([...secrets.entries.keys()].filter((k) => k.includes('proxy-password'))).toEqual([
      `robot-tray\u0000proxy-password@${company!.url}`,
    ]);
    // Another program writes the settings row itself, past every question.
    const other = catalogTablesIn(shell!.dataDir);
    const row = other.conn.db.prepare("SELECT data FROM settings WHERE id = 'settings'").get() as {
      data: string;
    };
    const stored = JSON.parse(row.data) as { value: { network: Record<string, unknown> } };
    stored.value.network['proxyUrl'] = attacker!.url;
    other.conn.transaction(() => {
      other.conn.db.prepare("UPDATE settings SET data = ? WHERE id = 'settings'").run(JSON.stringify(stored));
      other.conn.note('settings');
    });
    other.close();
    await shell!.core.refreshFromDisk();
    expect(shell!.core.getSettings().network.proxyUrl).toBe(attacker!.url);

    expect(await shell!.value('proxyPasswordStatus', {})).toEqual({ hasPassword: false });
    await shell!.value('diagnoseRobot', { id: robot.id });
    await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(attacker!.connects.length).toBeGreaterThanOrEqual(2);
    const handed = attacker!.connects.map((c) =>
      Buffer.from((c.proxyAuthorization ?? '').replace(/^Basic /, ''), 'base64').toString(),
    );
    expect(handed.filter((credentials) => credentials.includes(PROXY_PASSWORD))).toEqual([]);
  });

  test('an accepted certificate stays with its host: at the robot’s new address it vouches for nothing', async () => {
    home = await startSandbox({
      demoRobots: false,
      seed: 32,
      tls: { key: fx.selfSigned.key, cert: fx.selfSigned.cert },
    });
    const { token } = home.addRobot({ name: 'Lab', flow: [{ type: 'respond', echo: true }] });
    // Another server showing the very same certificate, at another origin.
    const elsewhere = await startSandbox({
      demoRobots: false,
      seed: 33,
      tls: { key: fx.selfSigned.key, cert: fx.selfSigned.cert },
    });
    try {
      elsewhere.addRobot({ name: 'Lab', flow: [{ type: 'respond', echo: true }], token });
      shell = await openIpcShell();
      const robot = await shell.core.createRobot({ name: 'Lab', baseUrl: home.baseUrl, ...QUIET });
      await shell.core.setToken(robot.id, token);
      shell.answers.push(true);
      await shell!.value('updateRobot', {
        id: robot.id,
        patch: { pinnedCertSha256: fx.selfSigned.fingerprint256 },
      });
      expect((await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} })).state).toBe(
        'waiting',
      );

      const moved = await shell!.value('updateRobot', {
        id: robot.id,
        patch: { baseUrl: elsewhere.baseUrl },
      });
      expect(moved).toMatchObject({ pinnedCertSha256: null, pinnedCertOrigin: null });
      // The person confirms the token's move to the new address: that is not accepting its certificate.
      shell.answers.push(true);
      await shell!.value('confirmTokenOrigin', { robotId: robot.id });
      const call = await shell!.value('fire', { robotId: robot.id, method: 'POST', args: {} });
      expect(call.state).toBe('unreachable');
      expect(call.error?.message).toContain('self-signed');
      expect(elsewhere.requests()).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  test('settings changed while the question is open are refused: nothing goes where the person was not asked about', async () => {
    await companyDesk();
    const other = await startMitmProxy();
    try {
      shell!.answers.push(async () => {
        await shell!.core.updateSettings({ network: { proxyUrl: other.url } }, trustConfirmed);
        return true;
      });
      const refused = await shell!.refusal('updateSettings', { network: { proxyUrl: attacker!.url } });
      expect(refused.kind).toBe('unconfirmed');
      expect(refused.message).toContain('changed while you were asked');
      expect(shell!.core.getSettings().network.proxyUrl).toBe(other.url);
    } finally {
      await other.close();
    }
  });

  test('a CA file chosen in main’s dialog is trusted only once the person confirms its subject and fingerprint', async () => {
    await companyDesk();
    const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-ca-'));
    try {
      const ca = writeCaPem(dir);
      shell!.fileDialog.answer(ca.file);
      const refused = await shell!.refusal('chooseSettingsCaFile', {});
      expect(refused.kind).toBe('unconfirmed');
      const question = shell!.asked[0]!;
      expect(question.detail).toContain(
        `Trust the CA file corp-ca.pem (O=Example Corp, CN=Example Corp Root CA, SHA-256 ${ca.sha256}) for every robot.`,
      );
      expect(question.detail).not.toContain(dir);
      expect(shell!.core.getSettings().network.caFile).toBe(fx.ca.certFile);

      shell!.fileDialog.answer(ca.file);
      shell!.answers.push(true);
      const chosen = await shell!.value('chooseSettingsCaFile', {});
      expect(chosen?.settings.network.caFile).toBe('corp-ca.pem');
      expect(shell!.core.getSettings().network.caFile).toBe(ca.file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
