import { execFileSync } from 'node:child_process';
import path from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { writeCaPem } from '../support/caFile.ts';
import { makeTlsFixtures, type TlsFixtures } from '../support/tlsFixtures.ts';
import { openAppWindow, type AppWindow, requireBuiltRenderer } from '../support/windowHarness.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';
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

  test('a manual proxy is saved once main’s dialog confirms it, and its password goes to the keychain for that proxy, never to the page', async () => {
    win = await openAppWindow();
    const { page, core, shell } = win;
    const password = 'proxy-Pw-7f3c9e!';
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Proxy', { exact: true }).selectOption('manual');

    // Manual mode without an address is explained before main is asked.
    await page.getByText('Manual mode needs a proxy address').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    await page.getByLabel('Proxy URL').fill('http://proxy.example.com:3128');
    await page.getByLabel('Proxy user').fill('alice');
    await page.getByLabel('Connect directly to').fill('localhost, .corp.example');
    // The password is kept for the saved address only: not before the address is saved.
    await page.getByTestId('proxy-password-state').filter({ hasText: 'Save the settings first' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save password' }).isDisabled()).toBe(true);

    shell.answers.push(true);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(shell.asked.map((q) => q.detail)).toEqual([
      expect.stringContaining(
        "Send requests through the proxy http://proxy.example.com:3128 instead of the way the system's proxy settings",
      ),
    ]);
    expect(core.getSettings().network).toEqual({
      proxyMode: 'manual',
      proxyUrl: 'http://proxy.example.com:3128',
      proxyUser: 'alice',
      proxyBypass: ['localhost', '.corp.example'],
      useSystemCertificates: true,
      caFile: null,
    });

    await page.getByTestId('proxy-password-state').filter({ hasText: 'No password stored.' }).waitFor();
    const box = page.getByLabel('Proxy password');
    expect(await box.getAttribute('type')).toBe('password');
    await box.fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page
      .getByTestId('proxy-password-state')
      .filter({ hasText: 'A password is stored in the keychain for http://proxy.example.com:3128' })
      .waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await keytar.getPassword('robot-tray', 'proxy-password@http://proxy.example.com:3128')).toBe(
      password,
    );

    expect(await pageText(page)).not.toContain(password);
    expect(win.sentToPage.length).toBeGreaterThan(0);
    expect(win.sentToPage.filter((sent) => sent.includes(password))).toEqual([]);
    for (const { file, text } of await filesUnder(win.shell.dataDir))
      expect(text, file).not.toContain(password);

    await page.getByRole('button', { name: 'Remove password' }).click();
    await page.getByTestId('proxy-password-state').filter({ hasText: 'No password stored.' }).waitFor();
    expect(await core.hasProxyPassword()).toBe(false);
  });

  test('a proxy change cancelled in main’s dialog saves nothing: the form shows the proxy in use again and says so', async () => {
    win = await openAppWindow();
    const { page, core, shell } = win;
    await page.getByRole('button', { name: 'Settings' }).click();
    const mode = page.getByLabel('Proxy', { exact: true });
    await mode.selectOption('manual');
    await page.getByLabel('Proxy URL').fill('http://attacker.example:3128');
    await page.getByLabel('Calls kept in history').fill('321');
    // No answer queued: the dialog's default, Cancel.
    await page.getByRole('button', { name: 'Save settings' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was changed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('through the proxy http://attacker.example:3128');
    expect(await alert.textContent()).toContain('shows the settings in use again');
    expect(shell.asked).toHaveLength(1);
    expect(await mode.inputValue()).toBe('system');
    expect(await page.getByLabel('Proxy URL').count()).toBe(0);
    expect(core.getSettings().network.proxyMode).toBe('system');
    expect(core.getSettings().historyLimit).not.toBe(321);

    // The other boxes kept what was typed: saved now, without the proxy, nothing is asked.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    expect(core.getSettings().historyLimit).toBe(321);
    expect(shell.asked).toHaveLength(1);
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

    // A good file is trusted only once main's own question, naming its certificate, is confirmed.
    const ca = writeCaPem(shell.dataDir);
    shell.fileDialog.answer(ca.file);
    await choose.click();
    await group.getByRole('alert').filter({ hasText: 'Nothing was changed' }).waitFor();
    expect(shell.asked.at(-1)?.detail).toContain(
      `corp-ca.pem (O=Example Corp, CN=Example Corp Root CA, SHA-256 ${ca.sha256})`,
    );
    expect(core.getSettings().network.caFile).toBeNull();
    shell.fileDialog.answer(ca.file);
    shell.answers.push(true);
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
    await core.updateSettings({ network: { caFile: ca.file } }, trustConfirmed);
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
    // A PEM file is saved once main's question is confirmed, and shown by name and fingerprint; Remove takes it off again.
    win.shell.fileDialog.answer(fx.ca.certFile);
    win.shell.answers.push(true);
    await caGroup.getByRole('button', { name: 'Choose CA file…' }).click();
    await caGroup.getByText(fx.ca.fingerprint256).waitFor();
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.caFile).toBe(fx.ca.certFile);
    await caGroup.getByRole('button', { name: 'Remove' }).click();
    await caGroup.getByText('None').waitFor();
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.caFile).toBeNull();

    await check.getByRole('button', { name: 'Accept this certificate' }).click();
    const accepted = dialog.getByTestId('accepted-certificate');
    expect(await accepted.textContent()).toContain(fx.selfSigned.fingerprint256);
    const host = new URL(sandbox.baseUrl).host;
    expect(await accepted.textContent()).toContain(`for this robot at ${host}`);
    // Cancelled in main's dialog: nothing saved, the form shows no accepted certificate and says why.
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Nothing was changed' }).waitFor();
    expect(win.shell.asked.at(-1)?.detail).toContain(
      `Accept the certificate ${fx.selfSigned.fingerprint256} for ${host} whatever its issuer or name.`,
    );
    expect(await accepted.count()).toBe(0);
    expect((await core.listRobots()).find((r) => r.id === robot.id)?.pinnedCertSha256).toBeNull();
    // Accepted again and confirmed: saved.
    await check.getByRole('button', { name: 'Accept this certificate' }).click();
    win.shell.answers.push(true);
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
