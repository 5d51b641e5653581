import { describe, expect, test } from 'vitest';
import { isLoopbackHost, isTrustedRendererUrl } from '../../src/main/trustedUrl.ts';

describe('isTrustedRendererUrl', () => {
  test('accepts our own app protocol pages', () => {
    expect(isTrustedRendererUrl('app://robot-tray/index.html')).toBe(true);
    expect(isTrustedRendererUrl('app://robot-tray/')).toBe(true);
  });

  test.each([
    ['another app host', 'app://robot-tray.evil.example/index.html'],
    ['credentials smuggled before the host', 'app://robot-tray@evil.example/'],
    ['user info on our host', 'app://user:pw@robot-tray/'],
    ['a web page', 'https://robot-tray/index.html'],
    ['a file', 'file:///robot-tray/index.html'],
    ['not a URL', 'robot-tray'],
    ['empty', ''],
  ])('refuses %s', (_label, url) => {
    expect(isTrustedRendererUrl(url)).toBe(false);
  });

  test('accepts the dev server only on its exact loopback origin', () => {
    const dev = 'http://localhost:5173';
    expect(isTrustedRendererUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/index.html', dev)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost.evil.example:5173/', dev)).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/', 'https://evil.example/')).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  test.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  test.each(['128.0.0.1', '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.1', '127.0.0.256'])(
    '%s is not loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});
