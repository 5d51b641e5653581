import { execFileSync } from 'node:child_process';
import path from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { writeCaPem } from '../support/caFile.ts';
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

  test("the CA file for every robot is chosen in main's dialog: refused files say so, a good one shows its fingerprint", async () => {
    win = await openAppWindow();
    const { page, core, shell } = win;
    await page.getByRole('button', { name: 'Settings' }).click();
    const group = page.getByTestId('network-ca-file');
    const choose = group.getByRole('button', { name: 'Choose CA file…' });
    expect(await group.textContent()).toContain('None');

    // Cancelled: nothing changes.
    await choose.click();
    await expect.poll(() => shell.fileDialog.asked.length).toBe(1);
    expect(shell.fileDialog.asked[0]?.title).toBe('CA file for every robot');
    expect(core.getSettings().network.caFile).toBeNull();

    // A pipe picked in the dialog is refused at once, in the same words as a missing file.
    const fifo = path.join(shell.dataDir, 'pipe.pem');
    execFileSync('mkfifo', [fifo]);
    shell.fileDialog.answer(fifo);
    await choose.click();
    await group
      .getByRole('alert')
      .filter({ hasText: 'is missing or is not a readable regular file of at most 1 MiB' })
      .waitFor();
    expect(core.getSettings().network.caFile).toBeNull();

    const ca = writeCaPem(shell.dataDir);
    shell.fileDialog.answer(ca.file);
    await choose.click();
    await group.getByText(ca.sha256).waitFor();
    expect(await group.textContent()).toContain('corp-ca.pem');
    expect(await group.textContent()).toContain(
      '1 certificate, first: O=Example Corp, CN=Example Corp Root CA',
    );
    expect(await group.getByRole('alert').count()).toBe(0);
    expect(core.getSettings().network.caFile).toBe(ca.file);

    // Saving the rest of the form keeps the file; Remove clears it.
    await page.getByLabel('Also trust the system').uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(core.getSettings().network).toMatchObject({ caFile: ca.file, useSystemCertificates: false });
    await group.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => core.getSettings().network.caFile).toBeNull();
    await group.getByText('None').waitFor();
  });

  test('a CA file saved elsewhere (the CLI, an earlier session) shows its subject and fingerprint, and no folder', async () => {
    win = await openAppWindow();
    const { page, core, shell } = win;
    const ca = writeCaPem(shell.dataDir);
    await core.updateSettings({ network: { caFile: ca.file } });
    await page.getByRole('button', { name: 'Settings' }).click();
    const group = page.getByTestId('network-ca-file');
    await group.getByText(ca.sha256).waitFor();
    expect(await group.textContent()).toContain(
      'corp-ca.pem — 1 certificate, first: O=Example Corp, CN=Example Corp Root CA',
    );
    expect(await pageText(page)).not.toContain(shell.dataDir);
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

    // The robot's own CA file comes from main's dialog: a missing one is refused beside it, nothing saved.
    const caGroup = dialog.getByTestId('robot-ca-file');
    win.shell.fileDialog.answer(path.join(win.shell.dataDir, 'missing-ca.pem'));
    await caGroup.getByRole('button', { name: 'Choose CA file…' }).click();
    await caGroup.getByRole('alert').filter({ hasText: 'missing-ca.pem is missing or is not' }).waitFor();
    expect(win.shell.fileDialog.asked.at(-1)?.title).toBe('CA file for Lab robot');
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.caFile).toBeNull();
    // A PEM file is saved at once and shown by name and fingerprint; Remove takes it off again.
    win.shell.fileDialog.answer(fx.ca.certFile);
    await caGroup.getByRole('button', { name: 'Choose CA file…' }).click();
    await caGroup.getByText(fx.ca.fingerprint256).waitFor();
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.caFile).toBe(fx.ca.certFile);
    await caGroup.getByRole('button', { name: 'Remove' }).click();
    await caGroup.getByText('None').waitFor();
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.caFile).toBeNull();

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
