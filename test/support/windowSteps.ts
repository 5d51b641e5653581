import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Fill and save the Add a robot dialog the way a person would. */
export async function addRobotInWindow(page: Page, name: string, baseUrl: string): Promise<void> {
  await page
    .getByRole('button', { name: /add (a )?robot/i })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add a robot' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByRole('button', { name: 'Add robot' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

/** Paste a token into the token panel and save it. */
export async function setTokenInWindow(page: Page, token: string): Promise<void> {
  await page.getByRole('button', { name: /^(Set|Replace) token…$/ }).click();
  await page.getByLabel(/^(New token|Token)$/).fill(token);
  await page.getByRole('button', { name: /^(Save|Replace) token$/ }).click();
  await page.getByTestId('token-state').filter({ hasText: 'Set since' }).waitFor();
}

/** Every file under a folder, as text (for checking a secret was never written). */
export async function filesUnder(dir: string): Promise<Array<{ file: string; text: string }>> {
  const out: Array<{ file: string; text: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.push({ file, text: (await readFile(file)).toString('latin1') });
  }
  return out;
}

/** Everything the page holds that a secret could hide in: the DOM, form values, page storage. */
export async function pageText(page: Page): Promise<string> {
  const dom = await page.content();
  // Run in the page (a string, since this file is typed for Node, not the DOM).
  const rest = await page.evaluate<string>(`(() => {
    const values = [...document.querySelectorAll('input, textarea')].map((el) => el.value);
    const storage = [localStorage, sessionStorage].flatMap((s) =>
      Object.keys(s).map((k) => k + '=' + (s.getItem(k) ?? '')),
    );
    return [...values, ...storage].join('\\n');
  })()`);
  return dom + '\n' + rest;
}
