import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { makeTlsFixtures, type Pem, type TlsFixtures } from '../support/tlsFixtures.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';

/**
 * Trust over real TLS on loopback: an https sandbox with certificates a
 * private CA made in this test. Each refusal must happen before anything is
 * sent (the sandbox logs no request) and say what was wrong by kind.
 */
let fx: TlsFixtures;
beforeAll(async () => {
  fx = await makeTlsFixtures();
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

describe('certificates of a private CA', () => {
  let h: CoreHarness;
  const extra: Sandbox[] = [];
  async function open(pem: Pem) {
    h = await openCoreHarness({ sandbox: { tls: { key: pem.key, cert: pem.cert } } });
    return h;
  }
  afterEach(async () => {
    for (const s of extra.splice(0)) await s.close();
    await h?.close();
  });
  const flow = [{ type: 'respond' as const, echo: true }];

  test('refused without the CA, naming the issuer and the fix; nothing reaches the service', async () => {
    await open(fx.good);
    const robot = await h.addRobot({ name: 'Corp', flow });
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.kind).toBe('network');
    expect(call.error?.message).toContain('issued by "Robot Tray Test Corp Root CA"');
    expect(call.error?.message).toMatch(/does not trust.*CA file/);
    expect(h.sandbox.requests()).toHaveLength(0);
  });

  test('accepted with the CA file in the app settings', async () => {
    await open(fx.good);
    const robot = await h.addRobot({ name: 'Corp', flow });
    await h.core.updateSettings({ network: { caFile: fx.ca.certFile } }, trustConfirmed);
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.error).toBeNull();
    expect(call.state).toBe('waiting');
    expect(h.sandbox.calls()).toHaveLength(1);
  });

  test('accepted with the CA file on the robot only; another robot without it is still refused', async () => {
    await open(fx.good);
    const withCa = await h.addRobot({ name: 'With CA', flow }, { caFile: fx.ca.certFile });
    const without = await h.addRobot({ name: 'Without', flow });
    expect((await h.core.fire(withCa.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect((await h.core.fire(without.id, { method: 'POST', args: {} })).state).toBe('unreachable');
  });

  test('expired: explained with the date it expired', async () => {
    await open(fx.expired);
    const robot = await h.addRobot({ name: 'Old', flow }, { caFile: fx.ca.certFile });
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.message).toContain('expired on 2021-01-01');
    expect(h.sandbox.requests()).toHaveLength(0);
  });

  test('wrong host: explained with the names the certificate holds', async () => {
    await open(fx.otherHost);
    const robot = await h.addRobot({ name: 'Elsewhere', flow }, { caFile: fx.ca.certFile });
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.message).toContain('is for "other.example", not for "127.0.0.1"');
    expect(h.sandbox.requests()).toHaveLength(0);
  });

  test('self-signed: explained with its fingerprint; pinned it is accepted, a changed one is refused loudly', async () => {
    await open(fx.selfSigned);
    const robot = await h.addRobot({ name: 'Lab', flow });
    const refused = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(refused.error?.message).toContain('self-signed');
    expect(refused.error?.message).toContain(fx.selfSigned.fingerprint256);

    // "Accept this certificate": the fingerprint people were shown.
    const pinned = await h.core.updateRobot(
      robot.id,
      { pinnedCertSha256: fx.selfSigned.fingerprint256 },
      trustConfirmed,
    );
    expect(pinned.pinnedCertSha256).toBe(fx.selfSigned.fingerprint256);
    expect((await h.core.fire(robot.id, { method: 'POST', args: {} })).state).toBe('waiting');
    expect(h.sandbox.calls()).toHaveLength(1);

    // The same address now shows another certificate (a new server on the same port).
    const token = h.sandbox.tokenOf('Lab');
    await h.sandbox.close();
    const changed = await startSandbox({
      demoRobots: false,
      port: Number(new URL(h.sandbox.baseUrl).port),
      tls: { key: fx.selfSignedAgain.key, cert: fx.selfSignedAgain.cert },
    });
    extra.push(changed);
    changed.addRobot({ name: 'Lab', flow, token });
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.message).toContain('CHANGED');
    expect(call.error?.message).toContain(`accepted SHA-256 ${fx.selfSigned.fingerprint256}`);
    expect(call.error?.message).toContain(`now SHA-256 ${fx.selfSignedAgain.fingerprint256}`);
    expect(changed.requests()).toHaveLength(0);
  });

  test('a pin also refuses a certificate the trust store would accept: it names one certificate', async () => {
    await open(fx.good);
    const robot = await h.addRobot(
      { name: 'Pinned', flow },
      {
        caFile: fx.ca.certFile,
        pinnedCertSha256: fx.selfSigned.fingerprint256.replaceAll(':', '').toLowerCase(),
      },
    );
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.error?.message).toContain('CHANGED');
    expect(h.sandbox.requests()).toHaveLength(0);
  });

  test('https to a port that speaks plain http is explained as such', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Plain', flow });
    await h.core.updateRobot(robot.id, { baseUrl: h.sandbox.baseUrl.replace('http:', 'https:') });
    await h.core.moveToken(robot.id);
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.message).toContain('does not speak TLS on this port (is it plain http?)');
  });
});

describe('a CA file is checked when saved', () => {
  let h: CoreHarness;
  afterEach(async () => {
    await h?.close();
  });

  test('missing, a folder, not PEM, or relative: a validation error naming the file; nothing saved', async () => {
    h = await openCoreHarness();
    const missing = path.join(fx.dir, 'nope.pem');
    const notPem = path.join(fx.dir, 'notes.txt');
    await writeFile(notPem, 'just some text\n');
    const input = (caFile: string) => ({ name: 'R', baseUrl: 'https://robots.example', caFile });
    await expect(h.core.createRobot(input(missing))).rejects.toThrow(`${missing} does not exist`);
    await expect(h.core.createRobot(input(fx.dir))).rejects.toThrow('is a folder');
    await expect(h.core.createRobot(input(notPem))).rejects.toThrow('holds no PEM certificate');
    await expect(h.core.createRobot(input('ca.pem'))).rejects.toThrow('must be an absolute path');
    expect(await h.core.listRobots()).toHaveLength(0);

    const robot = await h.core.createRobot(input(fx.ca.certFile), trustConfirmed);
    expect(robot.caFile).toBe(fx.ca.certFile);
    await expect(h.core.updateRobot(robot.id, { caFile: missing })).rejects.toMatchObject({
      kind: 'validation',
    });
    expect((await h.core.getRobot(robot.id)).caFile).toBe(fx.ca.certFile);

    await expect(h.core.updateSettings({ network: { caFile: notPem } })).rejects.toThrow(
      /caFile \(app settings\).*holds no PEM certificate/,
    );
    expect(h.core.getSettings().network.caFile).toBeNull();
    await expect(h.core.updateSettings({ network: { proxyMode: 'manual' } })).rejects.toThrow(
      'manual proxy mode needs a proxy address',
    );
    expect(h.core.getSettings().network.proxyMode).toBe('system');
  });

  test('a CA file removed after it was saved is named at fire, not a TLS mystery', async () => {
    h = await openCoreHarness({ sandbox: { tls: { key: fx.good.key, cert: fx.good.cert } } });
    const file = path.join(fx.dir, 'later-removed.pem');
    await writeFile(file, fx.ca.cert);
    const robot = await h.addRobot({ name: 'R', flow: [] }, { caFile: file });
    const { rm } = await import('node:fs/promises');
    await rm(file);
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.error?.message).toContain(`${file} does not exist`);
    expect(h.sandbox.requests()).toHaveLength(0);
  });
});
