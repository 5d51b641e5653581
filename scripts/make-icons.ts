/**
 * Draws Robot Tray's icons from their SVG sources in resources/ with
 * Chromium (the one the window tests use), then the tray's state icons:
 *   resources/icon.svg      → resources/icon.png (512 px, the window and Linux)
 *                             and resources/icons/NxN.png, the .ico and .icns sources
 *                             (up to 32 px drawn from tray-icon.svg, made for the pixel grid)
 *   resources/tray-icon.svg → resources/tray-icon.png and tray-icon@2x.png
 * and runs scripts/make-tray-icons.ts for the waiting/failed badges and the
 * macOS template images. Run after changing an SVG: npx node scripts/make-icons.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, findChromium } from '../test/support/chromium.ts';

const dir = path.resolve(import.meta.dirname, '../resources');
const APP_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

async function draw(page: Page, svgFile: string, size: number): Promise<Buffer> {
  const svg = readFileSync(path.join(dir, svgFile), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" ` +
      `width="${size}" height="${size}" style="display:block"></body></html>`,
  );
  await page.locator('img').evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

const found = await findChromium();
if ('missing' in found) throw new Error(found.missing);
const browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs, headless: true });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  mkdirSync(path.join(dir, 'icons'), { recursive: true });
  for (const size of APP_SIZES) {
    // Up to 32 px the tray's drawing stands in: it is laid on the pixel grid, where the
    // app icon's curves and gradient would blur into a blue blot.
    const source = size <= 32 ? 'tray-icon.svg' : 'icon.svg';
    writeFileSync(path.join(dir, 'icons', `${size}x${size}.png`), await draw(page, source, size));
  }
  writeFileSync(path.join(dir, 'icon.png'), await draw(page, 'icon.svg', 512));
  writeFileSync(path.join(dir, 'tray-icon.png'), await draw(page, 'tray-icon.svg', 16));
  writeFileSync(path.join(dir, 'tray-icon@2x.png'), await draw(page, 'tray-icon.svg', 32));
} finally {
  await browser.close();
}
execFileSync(process.execPath, [path.join(import.meta.dirname, 'make-tray-icons.ts')], { stdio: 'inherit' });
