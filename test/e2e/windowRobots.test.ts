import keytar from 'keytar';
import { describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { addRobotInWindow, filesUnder, pageText } from '../support/windowSteps.ts';
import { echoWindows } from '../support/echoWindow.ts';

describe('the window: robots and tokens', () => {
  const windows = echoWindows();

  /** A sandbox robot that answers at once, not yet in Robot Tray: the sandbox and its token. */
  async function sandboxRobot() {
    const sandbox = await startSandbox({ demoRobots: false, seed: 1 });
    windows.closeLater(() => sandbox.close());
    const { token } = sandbox.addRobot({ name: 'invoice', flow: [{ type: 'respond', echo: true }] });
    return { sandbox, token };
  }

  test('a refused base URL and a taken name are explained beside their fields', async () => {
    const { page, core } = await windows.openEmpty();
    await core.createRobot({ name: 'Invoice sync', baseUrl: 'https://robots.example.com' });
    await page.getByRole('heading', { level: 2, name: 'Invoice sync' }).waitFor();

    await page.getByRole('button', { name: '+ Add robot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a robot' });
    const url = dialog.getByLabel('Base URL');
    await url.fill('robots.example.com');
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('Must be a full URL such as https://robots.example.com.').isVisible()).toBe(
      true,
    );
    await url.fill('http://robots.example.com');
    await dialog.getByText(/would send the token unencrypted/).waitFor();
    await url.fill('https://other.example.com');
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('false');

    // Only main knows the other names: its refusal lands beside the Name field.
    const name = dialog.getByLabel('Name');
    await name.fill('invoice SYNC');
    await dialog.getByRole('button', { name: 'Add robot' }).click();
    const error = dialog.getByText('A robot named "invoice SYNC" already exists; choose another name.');
    await error.waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
    expect(await core.listRobots()).toHaveLength(1);

    await name.fill('Payroll');
    await dialog.getByRole('button', { name: 'Add robot' }).click();
    await page.getByRole('heading', { level: 2, name: 'Payroll' }).waitFor();
    const names = (await core.listRobots()).map((r) => r.name);
    expect(names.sort()).toEqual(['Invoice sync', 'Payroll']);
  });

  test('a pasted trigger URL is taken back to its base, saying what of it was left out; the addresses used are shown before saving; a doubled path is refused', async () => {
    const { page, core } = await windows.openEmpty();
    await page
      .getByRole('button', { name: /add (a )?robot/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add a robot' });
    expect(await dialog.textContent()).not.toContain('/webhook/invoice-sync');
    await dialog.getByLabel('Name').fill('Invoice sync');
    const url = dialog.getByLabel('Base URL');
    await url.fill('https://robots.example.com/main/public/webhook/request?customer=C-17');
    const addresses = dialog.getByTestId('robot-addresses');
    await addresses.getByText('taken from the trigger URL you pasted').waitFor();
    expect(await addresses.getByTestId('trigger-url').textContent()).toBe(
      'https://robots.example.com/main/public/webhook/request',
    );
    expect(await addresses.getByTestId('query-url').textContent()).toBe(
      'https://robots.example.com/prod/1/customer/robot/webhookResponse/{webhookCallId}',
    );
    // What was left out of the address is said, with where it belongs.
    expect(await addresses.getByTestId('dropped-query').textContent()).toBe(
      'Its query string ?customer=C-17 is not part of the address and is left out: arguments for a call (customer) go in a preset.',
    );
    // A path doubled already (a trigger URL with the trigger path again) is refused with the base to use.
    await url.fill('https://robots.example.com/main/public/webhook/request/main/public/webhook/request');
    await dialog
      .getByText(/already holds the service path .*use the base https:\/\/robots\.example\.com instead/i)
      .waitFor();
    expect(await addresses.count()).toBe(0);

    await url.fill('https://robots.example.com/prod/1/customer/robot/webhookResponse/wh-42');
    await addresses.getByText('taken from the query URL you pasted').waitFor();
    await dialog.getByRole('button', { name: 'Add robot' }).click();
    await page.getByRole('heading', { level: 2, name: 'Invoice sync' }).waitFor();
    expect((await core.listRobots()).map((r) => r.baseUrl)).toEqual(['https://robots.example.com']);
  });

  test('the add-robot form takes the token too: a refused one adds nothing and is cleared, a good one goes to the keychain only', async () => {
    const { sandbox, token } = await sandboxRobot();
    const win = await windows.openEmpty();
    const { page, core } = win;
    await page
      .getByRole('button', { name: /add (a )?robot/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add a robot' });
    await dialog.getByLabel('Name').fill('Invoice sync');
    await dialog.getByLabel('Base URL').fill(sandbox.baseUrl + '/main/public/webhook/request');
    const field = dialog.getByLabel('Token (optional)');
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill('short');
    await dialog.getByRole('button', { name: 'Add robot' }).click();
    const reason = dialog.getByText(/^token: must be .* characters.*The robot was not added\./);
    await reason.waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('');
    expect(await core.listRobots()).toEqual([]);

    await field.fill(token);
    await dialog.getByRole('button', { name: 'Add robot' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
    const robot = (await core.listRobots())[0]!;
    expect(robot).toMatchObject({ baseUrl: sandbox.baseUrl, hasToken: true });
    expect(await keytar.getPassword('robot-tray', `${robot.id}@${new URL(sandbox.baseUrl).origin}`)).toBe(
      token,
    );
    expect(await pageText(page)).not.toContain(token);
    expect(win.sentToPage.filter((sent) => sent.includes(token))).toEqual([]);
  });

  /** A sandbox robot, and the same robot added in the window, its token not set yet. */
  async function robotAddedInWindow() {
    const { sandbox, token } = await sandboxRobot();
    const win = await windows.openEmpty();
    await addRobotInWindow(win.page, 'Invoice sync', sandbox.baseUrl);
    const robot = (await win.core.listRobots())[0]!;
    const account = `${robot.id}@${new URL(sandbox.baseUrl).origin}`;
    return { win, page: win.page, token, account };
  }

  test('a token set in the window is in the keychain and nowhere in the window, its files or its IPC', async () => {
    const { win, page, token, account } = await robotAddedInWindow();

    await page.getByRole('button', { name: 'Set token…' }).click();
    const field = page.locator('#token-input');
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill(token);
    await page.getByLabel('Show the token while typing').check();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Save token' }).click();
    await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
    expect(await page.locator('#token-input').count()).toBe(0);

    expect(await keytar.getPassword('robot-tray', account)).toBe(token);
    expect(await pageText(page)).not.toContain(token);
    expect(win.sentToPage.length).toBeGreaterThan(0);
    expect(win.sentToPage.filter((sent) => sent.includes(token))).toEqual([]);
    for (const { file, text } of await filesUnder(win.shell.dataDir)) expect(text, file).not.toContain(token);

    // The sidebar says so too, and the token works.
    const item = page
      .getByRole('navigation', { name: 'Robots' })
      .getByRole('button', { name: /Invoice sync/ });
    expect(await item.textContent()).toContain('Token set');

    // Removing asks once, then the keychain no longer holds it.
    await page.getByRole('button', { name: 'Remove token' }).click();
    await page
      .getByRole('group', { name: 'Remove the token?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByTestId('token-state').filter({ hasText: 'Not set' }).waitFor();
    expect(await keytar.getPassword('robot-tray', account)).toBeNull();
  });

  test('a token pasted with quotes or as a whole header line is refused with what to paste, and nothing is stored', async () => {
    const { page, token, account } = await robotAddedInWindow();

    await page.getByRole('button', { name: 'Set token…' }).click();
    const field = page.locator('#token-input');
    const reasons: Array<[string, string]> = [
      [`"${token}"`, 'token: it has quotes around it; paste only the token, the text between the quotes.'],
      [
        `x-service-token: ${token}`,
        'token: this is a whole header line; paste only the token, the text after "x-service-token:"',
      ],
    ];
    for (const [pasted, reason] of reasons) {
      await field.fill(pasted);
      await page.getByRole('button', { name: 'Save token' }).click();
      await page.getByRole('alert').filter({ hasText: reason }).waitFor();
      expect(await field.inputValue()).toBe('');
      expect(await keytar.getPassword('robot-tray', account)).toBeNull();
    }
    expect(await pageText(page)).not.toContain(token.slice(0, 10));

    await field.fill(token);
    await page.getByRole('button', { name: 'Save token' }).click();
    await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
    expect(await keytar.getPassword('robot-tray', account)).toBe(token);
  });

  test('a revoked token is explained with the Replace action right there', async () => {
    const { app, sandbox, robot } = await windows.open();
    const { page } = app;

    const fresh = sandbox.rotateToken('Echo');
    await page.getByRole('button', { name: 'Fire Nightly', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Not started' }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: "The service refused this robot's token" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('it may have been replaced in the Designer');

    await alert.getByRole('button', { name: 'Replace token' }).click();
    await page.getByLabel('New token').fill(fresh);
    await page.getByRole('button', { name: 'Replace token' }).click();
    // The badge said "Set since" before too: the form closing is the sign main stored the new one.
    await page.getByLabel('New token').waitFor({ state: 'detached' });
    await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
    expect(await keytar.getPassword('robot-tray', `${robot.id}@${new URL(sandbox.baseUrl).origin}`)).toBe(
      fresh,
    );
    await page.getByRole('button', { name: 'Fire Nightly', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Accepted' }).waitFor();
    await alert.waitFor({ state: 'detached' });
  });

  test('a robot moved to another origin shows its token suspended; only main’s dialog, confirmed, moves it', async () => {
    const { app: win, sandbox, robot, token } = await windows.openRobot();
    const { page, core, shell } = win;
    await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
    const from = new URL(sandbox.baseUrl).origin;
    const to = from.replace('127.0.0.1', 'localhost');
    await core.updateRobot(robot.id, { baseUrl: to });

    await page
      .getByTestId('token-state')
      .filter({ hasText: `Set for ${from}` })
      .waitFor();
    const alert = page.getByRole('alert').filter({ hasText: `now points at ${to}` });
    await alert.waitFor();
    await page.locator('.robot-item').filter({ hasText: 'Token not confirmed' }).waitFor();

    // Cancelled in main's dialog: nothing moves.
    shell.answers.push(false);
    await alert.getByRole('button', { name: `Use the token for ${to}…` }).click();
    await expect.poll(() => shell.asked.length).toBe(1);
    expect(shell.asked[0]!.message).toContain(to);
    expect(shell.asked[0]!.detail).toContain(from);
    await page
      .getByTestId('token-state')
      .filter({ hasText: `Set for ${from}` })
      .waitFor();
    expect(await keytar.getPassword('robot-tray', `${robot.id}@${to}`)).toBeNull();

    // Confirmed there: the token is bound to the new origin.
    shell.answers.push(true);
    await alert.getByRole('button', { name: `Use the token for ${to}…` }).click();
    await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
    await alert.waitFor({ state: 'detached' });
    expect(await keytar.getPassword('robot-tray', `${robot.id}@${to}`)).toBe(token);
    expect(await keytar.getPassword('robot-tray', `${robot.id}@${from}`)).toBeNull();
    expect(win.sentToPage.filter((sent) => sent.includes(token))).toEqual([]);
  });

  test('removing a robot says what goes with it, then removes exactly that', async () => {
    const { page, core } = await windows.openEmpty();
    const robot = await core.createRobot({ name: 'Old robot', baseUrl: 'https://old.example.com' });
    await core.createPreset({ robotId: robot.id, name: 'Nightly', args: {} });
    await core.createRobot({ name: 'Keeper', baseUrl: 'https://keep.example.com' });
    await page
      .getByRole('navigation', { name: 'Robots' })
      .getByRole('button', { name: /Old robot/ })
      .click();
    await page.getByRole('button', { name: 'Remove…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Old robot?' });
    expect(await dialog.textContent()).toContain('its 1 preset (Nightly)');
    expect(await dialog.textContent()).toContain('Its past calls stay in the history');
    await dialog.getByRole('button', { name: 'Remove robot' }).click();
    await page.getByRole('heading', { level: 2, name: 'Keeper' }).waitFor();
    expect((await core.listRobots()).map((r) => r.name)).toEqual(['Keeper']);
    expect(await core.listPresets()).toEqual([]);
  });
});

/** A robot moved to another address: its token, its date and the refusals it caused. */
describe('a robot moved to another address', () => {
  const windows = echoWindows();

  test('a refusal on a preset card goes once its cause is fixed; a moved token keeps the date it was set', async () => {
    const { app, robot, preset } = await windows.open();
    const { page, core } = app;
    const setSince = page.getByTestId('token-state');
    const before = await setSince.textContent();
    expect(before).toMatch(/^Set since /);
    const other = await startSandbox({ demoRobots: false, seed: 12 });
    windows.closeLater(() => other.close());
    other.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    await core.updateRobot(robot.id, { baseUrl: other.baseUrl });
    await page.getByTestId('token-moved').waitFor();
    // The token box is not a narrow column beside its button, and does not say there is no token.
    const box = (await page.getByTestId('token-moved').boundingBox())!;
    const text = (await page.getByTestId('token-moved').locator('p').boundingBox())!;
    expect(text.width).toBeGreaterThan(box.width * 0.8);
    expect(await page.locator('section[aria-labelledby="token-title"]').textContent()).not.toContain(
      'Without a token',
    );

    const card = page.locator(`.preset-card[data-preset-id="${preset.id}"]`);
    await card.getByRole('button', { name: 'Fire Nightly', exact: true }).click();
    const refusal = card.locator('.fire-outcome .bad');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^✕ Not started: .*token move/);

    // Moved by the person, in main's dialog: the refusal no longer holds, so it goes.
    app.shell.answers.push(true);
    await page.getByRole('button', { name: /^Use the token for / }).click();
    await refusal.waitFor({ state: 'detached' });
    await expect.poll(() => setSince.textContent()).toBe(before);
  });
});
