import { describe, expect, test } from 'vitest';
import { changeArgs, describeArgChanges } from '../../src/cli/argChanges.ts';
import { argPath, buildArgs, parseArgChanges } from '../../src/cli/args.ts';
import { looksLikeAVariableName } from '../../src/cli/tokenEnv.ts';

describe('--arg paths', () => {
  test('a dot splits names; \\. is a dot and \\\\ a backslash inside a name; empty names are refused', () => {
    expect(argPath('customer.id')).toEqual(['customer', 'id']);
    expect(argPath('customer\\.id')).toEqual(['customer.id']);
    expect(argPath('a\\\\.b')).toEqual(['a\\', 'b']);
    expect(argPath('c:\\dir')).toEqual(['c:\\dir']);
    expect(() => argPath('a..b')).toThrow(/empty name/);
    expect(() => argPath('.a')).toThrow(/empty name/);
  });

  test('--arg sets one nested value keeping its siblings; --args replaces top-level keys whole', () => {
    const base = { customer: { id: 'C-1', tags: ['vip'] }, n: 1 };
    const nested = parseArgChanges([], ['customer.id=C-9', 'customer.address.city=Oslo']);
    expect(changeArgs(base, { given: nested }, 'x')).toEqual({
      customer: { id: 'C-9', tags: ['vip'], address: { city: 'Oslo' } },
      n: 1,
    });
    const whole = parseArgChanges(['{"customer":{"id":"C-2"}}'], []);
    expect(changeArgs(base, { given: whole }, 'x')).toEqual({ customer: { id: 'C-2' }, n: 1 });
    expect(changeArgs(base, { unset: ['customer.tags'] }, 'x')).toEqual({ customer: { id: 'C-1' }, n: 1 });
    expect(() => changeArgs(base, { unset: ['customer.nope'] }, 'preset "P"')).toThrow(
      '--unset-arg: preset "P" has no argument "customer.nope".',
    );
    expect(() => buildArgs([], ['n:=1', 'n.x=2'])).toThrow(/"n" holds 1, not an object/);
    expect(() => buildArgs([], ['a.__proto__=1'])).toThrow(/__proto__/);
  });
});

describe('what an edit changed, in words', () => {
  test('each changed, added and removed path; past 50 a pointer to the rest', () => {
    expect(describeArgChanges({ c: { id: 'C-1', tags: ['a'] } }, { c: { id: 'C-2' }, n: 1 })).toEqual([
      'changed $.c.id from "C-1" to "C-2"',
      'removed $.c.tags (was ["a"])',
      'added $.n = 1',
    ]);
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const lines = describeArgChanges({}, many);
    expect(lines).toHaveLength(51);
    expect(lines.at(-1)).toBe('and more (see them all with: robot-tray preset show)');
  });
});

describe('--token-env names', () => {
  test('names written as variables are repeated; a word that could be a token is not', () => {
    for (const name of ['NOPE', 'ROBOT_TOKEN', 'CRON_ROBOT_TOKEN', 'TOKEN2'])
      expect(looksLikeAVariableName(name)).toBe(true);
    for (const name of [
      'Q7XK2M9RTB4WZP8YHN3CJ6VD5FGL1SAE',
      'zOMwWmAB2L06HHXD',
      'robot_token',
      'A_1234_B',
      'ABCDEFGHIJKLMNOPQ',
    ])
      expect(looksLikeAVariableName(name)).toBe(false);
  });
});
