import { homedir } from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Robot Tray';

/**
 * Where Robot Tray keeps its files: Electron's userData folder for the app
 * named "Robot Tray" (appData + product name), computed the same way outside
 * Electron so the CLI shares it. ROBOT_TRAY_HOME overrides it for both.
 */
export function defaultDataDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env['ROBOT_TRAY_HOME'];
  if (override !== undefined && override.trim() !== '') return path.resolve(override);
  return path.join(appDataDir(env, platform, home), PRODUCT_NAME);
}

function appDataDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  home: string,
): string {
  if (platform === 'win32') return env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  const xdg = env['XDG_CONFIG_HOME'];
  return xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, '.config');
}
