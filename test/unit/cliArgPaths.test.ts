import { describe, expect, test } from 'vitest';
import { changeArgs } from '../../src/cli/argChanges.ts';
import { argPath, buildArgs, parseArgChanges } from '../../src/cli/args.ts';

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
    expect(() => buildArgs([], ['n=1', 'n.x=2'])).toThrow(/"n" holds 1, not an object/);
    expect(() => buildArgs([], ['a.__proto__=1'])).toThrow(/__proto__/);
  });
});
