import path from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { filesUnder, pageText } from '../support/windowSteps.ts';

describe('the window: network settings', () => {
  let win: AppWindow | undefined;
  let sandbox: Sandbox | undefined;
  let fx: TlsFixtures | undefined;

  afterAll(async () => {
    await fx?.close();
  });
  beforeAll(() => {
    requireBuiltRenderer();
  });
  afterEach(async () => {
    await win?.core.clearProxyPassword();
    await win?.close();
    await sandbox?.close();
    win = undefined;
    sandbox = undefined;
  });

  test('a manual proxy is saved through main and its password goes to the keychain, never to the page', async () => {
    win = await openAppWindow();
    const { page, core } = win;
    const password = 'proxy-Pw-7f3c9e!';
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Proxy', { exact: true }).selectOption('manual');

    // Manual mode without an address is explained before main is asked.
    await page.getByText('Manual mode needs a proxy address').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    await page.getByLabel('Proxy URL').fill('http://proxy.example.com:3128');
    await page.getByLabel('Proxy user').fill('alice');
    await page.getByLabel('Connect directly to').fill('localhost, .corp.example');

    await page.getByTestId('proxy-password-state').filter({ hasText: 'No password stored.' }).waitFor();
    const box = page.getByLabel('Proxy password');
    expect(await box.getAttribute('type')).toBe('password');
    await box.fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByTestId('proxy-password-state').filter({ hasText: 'A password is stored' }).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await keytar.getPassword('robot-tray', 'proxy-password')).toBe(password);

    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(core.getSettings().network).toEqual({
      proxyMode: 'manual',
      proxyUrl: 'http://proxy.example.com:3128',
      proxyUser: 'alice',
      proxyBypass: ['localhost', '.corp.example'],
      useSystemCertificates: true,
      caFile: null,
    });

    expect(await pageText(page)).not.toContain(password);
    expect(win.sentToPage.length).toBeGreaterThan(0);
    expect(win.sentToPage.filter((sent) => sent.includes(password))).toEqual([]);
    for (const { file, text } of await filesUnder(win.shell.dataDir))
      expect(text, file).not.toContain(password);

    await page.getByRole('button', { name: 'Remove password' }).click();
    await page.getByTestId('proxy-password-state').filter({ hasText: 'No password stored.' }).waitFor();
    expect(await core.hasProxyPassword()).toBe(false);
  });

  test("main's refusal of a CA file is shown beside that box, and nothing is saved", async () => {
    win = await openAppWindow();
    const { page, core } = win;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Also trust the system').uncheck();
    const caFile = page.getByLabel('Extra CA file');
    const missing = path.join(win.shell.dataDir, 'no-such-ca.pem');
    await caFile.fill(missing);
    await page.getByRole('button', { name: 'Save settings' }).click();
    const error = page.locator('#network-ca-file-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(missing);
    expect(await caFile.getAttribute('aria-invalid')).toBe('true');
    expect(core.getSettings().network).toMatchObject({ caFile: null, useSystemCertificates: true });

    await caFile.fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(core.getSettings().network).toMatchObject({ caFile: null, useSystemCertificates: false });
  });

  test('a self-signed certificate can be checked, accepted by its fingerprint for one robot, and forgotten', async () => {
    fx = await makeTlsFixtures();
    sandbox = await startSandbox({
      demoRobots: false,
      seed: 1,
      tls: { key: fx.selfSigned.key, cert: fx.selfSigned.cert },
    });
    sandbox.addRobot({ name: 'invoice', flow: [{ type: 'respond', echo: true }] });
    win = await openAppWindow();
    const { page, core } = win;
    const robot = await core.createRobot({ name: 'Lab robot', baseUrl: sandbox.baseUrl });
    await page.getByRole('heading', { level: 2, name: 'Lab robot' }).waitFor();

    await page.getByRole('button', { name: 'Edit robot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Lab robot' });
    await dialog.getByText('Advanced').click();
    expect(await dialog.getByTestId('accepted-certificate').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    const check = dialog.getByTestId('connection-check');
    await check.getByText('Not trusted: it is self-signed.').waitFor();
    expect(await check.textContent()).toContain(fx.selfSigned.fingerprint256);
    expect(await check.textContent()).toMatch(/TLSv1\.[23]/);
    expect(await check.textContent()).toContain('whoever issued it');

    // A CA file main cannot read is refused beside its box.
    const caFile = dialog.getByLabel('CA file for this robot');
    await caFile.fill(path.join(win.shell.dataDir, 'missing-ca.pem'));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.locator('#robot-ca-file-error').filter({ hasText: 'missing-ca.pem' }).waitFor();
    expect(await caFile.getAttribute('aria-invalid')).toBe('true');
    await caFile.fill('');

    await check.getByRole('button', { name: 'Accept this certificate' }).click();
    expect(await dialog.getByTestId('accepted-certificate').textContent()).toContain(
      fx.selfSigned.fingerprint256,
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.pinnedCertSha256).toBe(
      fx.selfSigned.fingerprint256,
    );

    // Checked again, it is the accepted certificate and no Accept is offered; Forget clears it.
    await page.getByRole('button', { name: 'Edit robot' }).click();
    await dialog.getByText('Advanced').click();
    await dialog.getByRole('button', { name: 'Check connection' }).click();
    await check.getByText('Accepted: it is the certificate accepted for this robot.').waitFor();
    expect(await check.getByRole('button', { name: 'Accept this certificate' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Forget' }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.pinnedCertSha256).toBeNull();
  }, 60_000);
});
