import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Electron 45, as in package.json: electronegativity judges defaults by the version it is told. */
export const ELECTRON_VERSION = '45.4.1';

export type Finding = {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  sample: string;
};
export type Scan = { checks: number; errors: number; findings: Finding[] };

/**
 * Scan these files and folders (copied side by side into one folder, under
 * the names given) with electronegativity, offline, in a child process.
 */
export async function scanWithElectronegativity(entries: Record<string, string>): Promise<Scan> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-electronegativity-'));
  try {
    const scan = path.join(dir, 'scan');
    for (const [name, from] of Object.entries(entries)) {
      await cp(from, path.join(scan, name), { recursive: true });
    }
    const script = path.join(root, 'test/support/electronegativityScan.cjs');
    const report = path.join(dir, 'report.json');
    await run(process.execPath, [script, scan, ELECTRON_VERSION, report], { cwd: root, timeout: 120_000 });
    return JSON.parse(await readFile(report, 'utf8')) as Scan;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
