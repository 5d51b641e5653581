import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the window tests save their screenshots: `npm run screenshots`
 * refreshes the pictures the docs show, in docs/screenshots; a plain test run
 * writes them to a temporary folder, so it leaves the tree as it was.
 */
export const screenshotDir =
  process.env['ROBOT_TRAY_SCREENSHOTS'] === 'docs'
    ? path.resolve(import.meta.dirname, '../../docs/screenshots')
    : path.join(tmpdir(), 'robot-tray-screenshots');
