import type { Locator, Page } from 'playwright-core';

/**
 * Pastes `text` into a text box as a person does: the clipboard, then
 * Ctrl+V (10,000 lines in well under a second). Playwright's fill types the
 * text through Chromium's editor instead, which is quadratic in a textarea's
 * lines (2,000 lines took 18 s, 10,000 never ended) and is nothing a person does.
 */
export async function pasteText(page: Page, box: Locator, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(
    (pasted) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText: (t: string) => Promise<void> } } }
      ).navigator.clipboard.writeText(pasted),
    text,
  );
  await box.focus();
  await page.keyboard.press('ControlOrMeta+V');
}
