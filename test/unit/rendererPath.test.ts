import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveRendererFile } from '../../src/main/rendererPath.ts';

const root = path.resolve('/opt/robot-tray/out/renderer');

describe('resolveRendererFile', () => {
  test('maps our pages into the renderer folder', () => {
    expect(resolveRendererFile(root, 'app://robot-tray/')).toBe(path.join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://robot-tray/assets/index-1.js')).toBe(
      path.join(root, 'assets/index-1.js'),
    );
  });

  test('dot segments are folded by URL parsing and stay inside the folder', () => {
    expect(resolveRendererFile(root, 'app://robot-tray/%2e%2e/%2e%2e/etc/passwd')).toBe(
      path.join(root, 'etc/passwd'),
    );
  });

  test.each([
    'app://robot-tray/..%2f..%2fetc%2fpasswd',
    'app://robot-tray/assets/%00.js',
    'app://other/index.html',
    'file:///etc/passwd',
    'app://robot-tray/%E0%A4%A',
  ])('refuses %s', (url) => {
    expect(resolveRendererFile(root, url)).toBeUndefined();
  });
});
