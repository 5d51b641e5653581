import { existsSync } from 'node:fs';

/**
 * Where to find Chromium for the browser tests: ROBOT_TRAY_CHROMIUM first,
 * then Debian's /usr/bin/chromium, then a browser Playwright installed itself.
 * Returns undefined with the places tried when none is there.
 */
export async function findChromium(): Promise<{ path: string } | { missing: string }> {
  const tried: string[] = [];
  const override = process.env['ROBOT_TRAY_CHROMIUM'];
  if (override) {
    if (existsSync(override)) return { path: override };
    tried.push(`ROBOT_TRAY_CHROMIUM=${override}`);
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return { path: candidate };
    tried.push(candidate);
  }
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: own };
    tried.push(own);
  } catch {
    tried.push("Playwright's own browser");
  }
  return {
    missing: `Chromium not found (tried ${tried.join(', ')}). Install it: apt-get install -y chromium`,
  };
}

/** The flags every test browser starts with: headless, quiet, offline-safe. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
