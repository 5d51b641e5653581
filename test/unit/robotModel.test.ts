import { describe, expect, test } from 'vitest';
import { Preset, PresetInput, PresetPatch } from '../../src/shared/models/preset.ts';
import {
  BaseUrl,
  hasControlCharacters,
  Robot,
  RobotInput,
  RobotName,
} from '../../src/shared/models/robot.ts';
import { robotView } from '../../src/shared/models/robotView.ts';

/**
 * What a robot and a preset may be called and where a robot lives, as the
 * window's forms and the CLI's commands check them: each refusal names what
 * is wrong, and a stored record gets the documented defaults.
 */

/** The sentence a person reads for `value`, or undefined when it is accepted. */
function refusal(
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe('names of robots and presets', () => {
  test('are trimmed and must hold something', () => {
    expect(RobotName.parse('  Nightly report  ')).toBe('Nightly report');
    expect(refusal(RobotName, '   ')).toBe('must not be empty');
    expect(refusal(RobotName, 'x'.repeat(120))).toBeUndefined();
    expect(refusal(RobotName, 'x'.repeat(121))).toBe('must be at most 120 characters');
  });

  test('one line of printable text: control characters anywhere are refused with the reason', () => {
    const message = 'must be one line without tabs or control characters';
    for (const bad of ['a\tb', 'a\nb', 'x\u0000', '\u001f', 'a\u007fb', 'a\u0085b', 'a\u009fb']) {
      expect(refusal(RobotName, bad), JSON.stringify(bad)).toBe(message);
    }
    // Printable neighbours of the control ranges are names like any other.
    for (const good of ['a b', 'a~b', 'a\u00a0b', 'Größe', 'ロボット']) {
      expect(refusal(RobotName, good), JSON.stringify(good)).toBeUndefined();
    }
  });

  test('hasControlCharacters tells the two ranges (C0 with DEL, and C1) from text', () => {
    expect(hasControlCharacters('plain text')).toBe(false);
    expect(hasControlCharacters('')).toBe(false);
    expect(hasControlCharacters('\u001f')).toBe(true);
    expect(hasControlCharacters(' ')).toBe(false);
    expect(hasControlCharacters('\u007e')).toBe(false);
    expect(hasControlCharacters('\u007f')).toBe(true);
    expect(hasControlCharacters('\u0080')).toBe(true);
    expect(hasControlCharacters('\u009f')).toBe(true);
    expect(hasControlCharacters('\u00a0')).toBe(false);
  });

  test('a name starting with "-" is refused, one with a dash elsewhere is fine', () => {
    expect(refusal(RobotName, '-v')).toBe('must not start with "-" (commands would read it as an option)');
    expect(refusal(RobotName, 'build-')).toBeUndefined();
    expect(refusal(RobotName, 'a-b')).toBeUndefined();
  });
});

describe('a robot base URL', () => {
  test('is trimmed, and its trailing slashes dropped', () => {
    expect(BaseUrl.parse('  https://robots.example.com/api///  ')).toBe('https://robots.example.com/api');
    // A URL that is all slashes after the scheme keeps nothing but what is before them.
    expect(BaseUrl.parse('https://robots.example.com/')).toBe('https://robots.example.com');
  });

  test('empty and overlong addresses are refused with their bound', () => {
    expect(refusal(BaseUrl, '  ')).toBe('must not be empty');
    expect(refusal(BaseUrl, `https://a.example/${'x'.repeat(2048)}`)).toBe('must be at most 2048 characters');
  });

  test('only http and https, named exactly', () => {
    const message = 'must start with https:// or http://';
    expect(refusal(BaseUrl, 'ftp://robots.example.com')).toBe(message);
    // Schemes that merely contain or begin with "http".
    expect(refusal(BaseUrl, 'xhttp://robots.example.com')).toBe(message);
    expect(refusal(BaseUrl, 'https2://robots.example.com')).toBe(message);
    expect(refusal(BaseUrl, 'http://robots.example.com')).toBeUndefined();
  });

  test('a user name or a password alone is refused; the token belongs in the robot settings', () => {
    const message = 'must not contain a user name or password; the token goes in the robot settings';
    expect(refusal(BaseUrl, 'https://alice@robots.example.com')).toBe(message);
    expect(refusal(BaseUrl, 'https://:secret@robots.example.com')).toBe(message);
    expect(refusal(BaseUrl, 'https://alice:secret@robots.example.com')).toBe(message);
  });

  test('a query or a fragment alone is refused', () => {
    expect(refusal(BaseUrl, 'https://robots.example.com/?a=1')).toBe('must not contain ? or #');
    expect(refusal(BaseUrl, 'https://robots.example.com/#top')).toBe('must not contain ? or #');
  });
});

describe('a stored robot', () => {
  test('gets the documented defaults', () => {
    const robot = Robot.parse({
      id: 'r1',
      name: 'Report',
      baseUrl: 'https://robots.example.com',
      createdAt: 1,
      updatedAt: 1,
    });
    expect(robot).toEqual({
      id: 'r1',
      name: 'Report',
      baseUrl: 'https://robots.example.com',
      notes: '',
      pollPolicy: {},
      sendTokenOnQuery: true,
      allowInsecureHttp: false,
      confirmBeforeFiring: false,
      tokenOrigin: null,
      tokenUpdatedAt: null,
      caFile: null,
      pinnedCertSha256: null,
      pinnedCertOrigin: null,
      createdAt: 1,
      updatedAt: 1,
    });
  });

  test('shows whether a token is stored, never the token', () => {
    const robot = Robot.parse({
      id: 'r1',
      name: 'R',
      baseUrl: 'https://a.example',
      createdAt: 1,
      updatedAt: 1,
    });
    expect(robotView(robot).hasToken).toBe(false);
    expect(robotView({ ...robot, tokenUpdatedAt: 5 }).hasToken).toBe(true);
  });

  test('input checks the name and the address with the same sentences', () => {
    const result = RobotInput.safeParse({ name: '-x', baseUrl: 'https://a.example?x' });
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'name: must not start with "-" (commands would read it as an option)',
      'baseUrl: must not contain ? or #',
    ]);
  });
});

describe('presets', () => {
  test('a stored preset is POST, not pinned, not notifying (as preset add and the window default), first in order, with no arguments and no fields', () => {
    expect(Preset.parse({ id: 'p', robotId: 'r', name: 'Daily', createdAt: 1, updatedAt: 1 })).toEqual({
      id: 'p',
      robotId: 'r',
      name: 'Daily',
      method: 'POST',
      args: {},
      fields: [],
      pinnedToTray: false,
      notifyOnFinish: false,
      order: 0,
      createdAt: 1,
      updatedAt: 1,
    });
  });

  test('a method is POST or GET, nothing else', () => {
    expect(PresetInput.parse({ robotId: 'r', name: 'n', method: 'GET' }).method).toBe('GET');
    expect(PresetInput.safeParse({ robotId: 'r', name: 'n', method: '' }).success).toBe(false);
    expect(PresetInput.safeParse({ robotId: 'r', name: 'n', method: 'PUT' }).success).toBe(false);
  });

  test('a preset must name its robot', () => {
    expect(refusal(PresetInput, { robotId: '', name: 'n' })).toBe('must name a robot');
  });

  test('a change cannot move a preset to another robot', () => {
    expect(PresetPatch.parse({ robotId: 'other', name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });
});
