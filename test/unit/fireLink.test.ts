import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatFireLink, parseFireLink, type FireLink } from '../../src/shared/links/fireLink.ts';
import { MAX_LINK_BYTES } from '../../src/shared/limits.ts';
import { HEAVY } from '../support/heavyTest.ts';

const reasonOf = (text: unknown): string => {
  const result = parseFireLink(text);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.link)}`);
  return result.reason;
};

/**
 * robot-tray://fire links: read by main from argv and open-url, written by
 * the window's "Copy link" and the CLI's `link`. Everything not exactly a
 * fire link is refused with a reason, and nothing ever throws.
 */
describe('reading a fire link', () => {
  test('robot, preset and fields by name, percent-escapes and + decoded', () => {
    expect(parseFireLink('robot-tray://fire?robot=Order%20Bot&preset=Refund+one&customerId=123')).toEqual({
      ok: true,
      link: { robot: 'Order Bot', preset: 'Refund one', fields: { customerId: '123' } },
    });
    expect(parseFireLink('  ROBOT-TRAY://Fire/?robot=%E8%AB%8B%E6%B1%82\n')).toEqual({
      ok: true,
      link: { robot: '請求', fields: {} },
    });
  });

  test('a field called robot or preset is written field.NAME; the same field twice is refused', () => {
    expect(
      parseFireLink('robot-tray://fire?robot=A&preset=P&field.robot=R2&field.preset=x&field.field.y=1'),
    ).toEqual({
      ok: true,
      link: { robot: 'A', preset: 'P', fields: { robot: 'R2', preset: 'x', 'field.y': '1' } },
    });
    expect(reasonOf('robot-tray://fire?robot=A&preset=P&customerId=1&field.customerId=2')).toMatch(
      /field "customerId" twice/,
    );
    expect(reasonOf('robot-tray://fire?robot=A&robot=B')).toMatch(/names the robot twice/);
    expect(reasonOf('robot-tray://fire?robot=A&preset=P&preset=Q')).toMatch(/names the preset twice/);
  });

  test('other schemes, hosts, paths and fragments are refused', () => {
    expect(reasonOf('https://fire?robot=A')).toMatch(/not a Robot Tray link/);
    expect(reasonOf('robot-tray:fire?robot=A')).toMatch(/look like robot-tray:\/\/fire\?/);
    expect(reasonOf('robot-tray://delete?robot=A')).toMatch(/does not open "robot-tray:\/\/delete" links/);
    expect(reasonOf('robot-tray://fire/other?robot=A')).toMatch(/nothing else after "fire"/);
    expect(reasonOf('robot-tray://user@fire?robot=A')).toMatch(/does not open/);
    expect(reasonOf('robot-tray://fire?robot=A#x')).toMatch(/"#" part/);
    expect(reasonOf(42)).toMatch(/not text/);
  });

  test('a link without a robot, or with fields but no preset, or a bad pair is refused', () => {
    expect(reasonOf('robot-tray://fire?preset=P')).toMatch(/names no robot/);
    expect(reasonOf('robot-tray://fire?robot=A&customerId=1')).toMatch(/names no preset/);
    expect(reasonOf('robot-tray://fire?robot=A&customerId')).toMatch(/"customerId" is not NAME=VALUE/);
    expect(reasonOf('robot-tray://fire?robot=')).toMatch(/robot name must not be empty/);
    expect(reasonOf('robot-tray://fire?robot=-rf')).toMatch(/robot name must not start with "-"/);
    expect(reasonOf('robot-tray://fire?robot=A&preset=P&=1')).toMatch(/a field has no name/);
    expect(reasonOf('robot-tray://fire?robot=A&preset=P&__proto__=1')).toMatch(/not a field name/);
  });

  test('bad percent-encoding is refused', () => {
    expect(reasonOf('robot-tray://fire?robot=A%2')).toMatch(/broken %-escape/);
    expect(reasonOf('robot-tray://fire?robot=A%zz')).toMatch(/broken %-escape/);
    // A lone surrogate's UTF-8 and a cut multi-byte character.
    expect(reasonOf('robot-tray://fire?robot=%ED%A0%80')).toMatch(/broken %-escape/);
    expect(reasonOf('robot-tray://fire?robot=%E8%AB')).toMatch(/broken %-escape/);
  });

  test('control and bidi characters are refused, raw or escaped, and not echoed', () => {
    expect(reasonOf('robot-tray://fire?robot=A\u0007')).toMatch(/control character \(U\+0007\)/);
    expect(reasonOf('robot-tray://fire?robot=A%E2%80%AEgpj.exe')).toMatch(/U\+202E/);
    expect(reasonOf('robot-tray://fire?robot=A&preset=P&x=%0A')).toMatch(/U\+000A/);
    expect(reasonOf('robot-tray://fire?robot=A&preset=P&x=\u2067')).toMatch(/U\+2067/);
    const reason = reasonOf('robot-tray://fire?robot=A&preset=P&%E2%80%AEx=1');
    expect(reason).not.toMatch(/\u202e/);
  });

  test('anything that looks like a token is refused, and its value never appears in the reason', () => {
    for (const key of [
      'token',
      'TOKEN',
      'x-service-token',
      'X_Service_Token',
      'secret',
      'field.token',
      'api-key',
    ]) {
      const reason = reasonOf(`robot-tray://fire?robot=A&preset=P&${key}=canary-SECRET-42`);
      expect(reason).toMatch(/never carry tokens or secrets/);
      expect(reason).not.toContain('canary');
    }
  });

  test(`links over ${MAX_LINK_BYTES / 1024} KiB are refused by size, however they start`, () => {
    const at = (n: number) => `robot-tray://fire?robot=A&preset=P&x=${'a'.repeat(n)}`;
    const base = at(0).length;
    expect(parseFireLink(at(MAX_LINK_BYTES - base)).ok).toBe(true);
    expect(reasonOf(at(MAX_LINK_BYTES - base + 1))).toMatch(
      /8,193 bytes long; Robot Tray opens links of at most 8 KiB/,
    );
    // Counted in UTF-8: 3,000 three-byte characters are 9,000 bytes.
    expect(reasonOf(`robot-tray://fire?robot=${'請'.repeat(3000)}`)).toMatch(/bytes long/);
    expect(reasonOf('x'.repeat(50_000_000))).toMatch(/50,000,000 bytes long/);
  });
});

describe('writing a fire link', () => {
  test('names and values are escaped so the link survives chats and shells', () => {
    expect(
      formatFireLink({ robot: 'Order Bot', preset: "Refund (all)'s", fields: { q: 'a&b=c+d' } }),
    ).toEqual({
      ok: true,
      text: 'robot-tray://fire?robot=Order%20Bot&preset=Refund%20%28all%29%27s&q=a%26b%3Dc%2Bd',
    });
    expect(formatFireLink({ robot: 'A', preset: 'P', fields: { robot: 'x' } })).toEqual({
      ok: true,
      text: 'robot-tray://fire?robot=A&preset=P&field.robot=x',
    });
  });

  test('a secret field, a bad name or an oversized link is never written', () => {
    expect(formatFireLink({ robot: 'A', preset: 'P', fields: { token: 'canary' } })).toEqual({
      ok: false,
      reason: expect.stringMatching(/looks like a secret/),
    });
    expect(formatFireLink({ robot: 'A', preset: 'P', fields: { 'X-Service-Token': 'c' } }).ok).toBe(false);
    expect(formatFireLink({ robot: '', fields: {} }).ok).toBe(false);
    expect(formatFireLink({ robot: 'A', preset: 'P', fields: { x: 'y'.repeat(MAX_LINK_BYTES) } })).toEqual({
      ok: false,
      reason: expect.stringMatching(/bytes long/),
    });
  });
});

// Names as Robot Tray stores them: trimmed, one line, not starting with "-".
const SAFE_CHAR = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
  // eslint-disable-next-line no-control-regex
  .filter((c) => !/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(c));
const text = (min: number, max: number) =>
  fc
    .array(fc.oneof(SAFE_CHAR, fc.constantFrom('&', '=', '+', '%', '#', '?', ' ', '/', 'field.')), {
      minLength: min,
      maxLength: max,
    })
    .map((chars) => chars.join(''));
const name = text(1, 20)
  .map((s) => s.trim())
  .filter((s) => s.length > 0 && s.length <= 120 && !s.startsWith('-'));
const fieldName = text(1, 12).filter(
  (s) =>
    s !== '__proto__' &&
    !/^(field\.)?(token|secret|password|passwd|apikey|bearer|authorization|(x)?servicetoken|accesstoken)$/i.test(
      s.replace(/[-_ ]/g, ''),
    ),
);
const link: fc.Arbitrary<FireLink> = fc.oneof(
  name.map((robot) => ({ robot, fields: {} })),
  fc.record({ robot: name, preset: name, fields: fc.dictionary(fieldName, text(0, 20), { maxKeys: 5 }) }),
);

describe('fire links, fuzzed', () => {
  test('any link written reads back as the same robot, preset and fields', () => {
    fc.assert(
      fc.property(link, (l) => {
        const written = formatFireLink(l);
        if (!written.ok) throw new Error(`not written: ${written.reason} for ${JSON.stringify(l)}`);
        expect(parseFireLink(written.text)).toEqual({ ok: true, link: l });
      }),
      { numRuns: 400 },
    );
  });

  test('any text, and any text after the scheme, is read or refused without throwing', HEAVY, () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }).map((s) => `robot-tray://fire?${s}`),
      fc
        .array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { maxLength: 6 })
        .map((pairs) => `robot-tray://fire?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
    );
    fc.assert(
      fc.property(anyText, (t) => {
        const result = parseFireLink(t);
        if (result.ok) {
          expect(result.link.robot.length).toBeGreaterThan(0);
          for (const key of Object.keys(result.link.fields)) expect(key).not.toMatch(/^token$/i);
        } else expect(result.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  test('any link over the limit is refused for its size', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 2000 }),
        (tail, extra) => {
          const padded = `robot-tray://fire?robot=A&preset=P&x=${'b'.repeat(MAX_LINK_BYTES)}${tail}`.slice(
            0,
            MAX_LINK_BYTES + extra,
          );
          expect(reasonOf(padded)).toMatch(/bytes long/);
        },
      ),
      { numRuns: 100 },
    );
  });
});
