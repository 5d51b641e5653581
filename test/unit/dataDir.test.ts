import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultDataDir } from '../../src/core/store/dataDir.ts';

describe('defaultDataDir', () => {
  test('matches Electron userData for "Robot Tray" on each platform, ROBOT_TRAY_HOME first', () => {
    expect(defaultDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.config/Robot Tray');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/ana')).toBe('/x/Robot Tray');
    expect(defaultDataDir({}, 'darwin', '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Robot Tray',
    );
    expect(defaultDataDir({ ROBOT_TRAY_HOME: '/data/rt' }, 'linux', '/home/ana')).toBe('/data/rt');
  });

  test('on Windows: APPDATA, or the usual Roaming folder without it', () => {
    expect(defaultDataDir({ APPDATA: 'D:/Profiles/ana' }, 'win32', 'C:/Users/ana')).toBe(
      path.join('D:/Profiles/ana', 'Robot Tray'),
    );
    expect(defaultDataDir({}, 'win32', 'C:/Users/ana')).toBe(
      path.join('C:/Users/ana', 'AppData', 'Roaming', 'Robot Tray'),
    );
  });

  test('a blank ROBOT_TRAY_HOME is no override; a relative one is taken from the working folder', () => {
    expect(defaultDataDir({ ROBOT_TRAY_HOME: '  ' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.config/Robot Tray',
    );
    expect(defaultDataDir({ ROBOT_TRAY_HOME: '' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.config/Robot Tray',
    );
    expect(defaultDataDir({ ROBOT_TRAY_HOME: 'rt' }, 'linux', '/home/ana')).toBe(path.resolve('rt'));
  });
});
