/**
 * A team catalog's text, as `robot-tray export` writes it: the robots given
 * (with their presets), no tokens. Tests write it where a catalog is followed.
 */
export function catalogText(robots: readonly object[]): string {
  return JSON.stringify({ format: 'robot-tray-export', version: 1, exportedAt: 1, robots }, null, 2);
}
