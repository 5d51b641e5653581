import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const resources = path.resolve(import.meta.dirname, '../../resources');

/** Width and height from a PNG's header, and whether it is 8-bit RGBA (what the tray script reads). */
function pngHeader(file: string) {
  const png = readFileSync(path.join(resources, file));
  expect(png.subarray(1, 4).toString('ascii'), file).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), rgba8: png[24] === 8 && png[25] === 6 };
}

/**
 * The icons drawn by scripts/make-icons.ts from resources/icon.svg and
 * resources/tray-icon.svg: every tray state at 16 px and @2x, and the app
 * icon's .ico/.icns sources at the sizes those formats hold.
 */
describe('the app and tray icons', () => {
  test('are drawn from SVG sources kept beside them', () => {
    for (const svg of ['icon.svg', 'tray-icon.svg']) {
      expect(readFileSync(path.join(resources, svg), 'utf8')).toMatch(/^<svg [^>]*viewBox=/);
    }
  });

  test('every tray state exists at 16 px and @2x, in colour and as a macOS template', () => {
    for (const name of [
      'tray-icon',
      'tray-waiting',
      'tray-failed',
      'tray-idleTemplate',
      'tray-waitingTemplate',
      'tray-failedTemplate',
    ]) {
      expect(pngHeader(`${name}.png`)).toEqual({ width: 16, height: 16, rgba8: true });
      expect(pngHeader(`${name}@2x.png`)).toEqual({ width: 32, height: 32, rgba8: true });
    }
  });

  test('the app icon has every size an .ico or .icns is built from', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const file = `icons/${size}x${size}.png`;
      expect(existsSync(path.join(resources, file)), file).toBe(true);
      expect(pngHeader(file)).toEqual({ width: size, height: size, rgba8: true });
    }
    expect(pngHeader('icon.png')).toMatchObject({ width: 512, height: 512 });
  });
});
