import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { parseArgsJson } from '../../src/renderer/src/features/presets/argsModel.ts';
import { FireRequest } from '../../src/shared/models/fire.ts';
import { JsonObject } from '../../src/shared/models/json.ts';
import { Preset, PresetInput } from '../../src/shared/models/preset.ts';
import { Call } from '../../src/shared/models/call.ts';
import { FireInput } from '../../src/shared/ipc/contract/calls.ts';
import {
  argsLimitProblem,
  MAX_ARGS_BYTES,
  MAX_ARGS_DEPTH,
  MAX_ARGS_KEY_LENGTH,
  MAX_ARGS_VALUES,
} from '../../src/shared/limits.ts';
import { describeZodError } from '../../src/shared/validation.ts';
import { deepArgs, deepArgsJson, deepWords } from '../support/deepArgs.ts';

/**
 * One set of limits for robot arguments, measured without recursion, and
 * every schema that carries arguments refusing past them in the same words
 * before its own (recursive) parse can overflow the stack.
 */
describe('argsLimitProblem', () => {
  test('arguments within every limit pass, up to exactly the depth allowed', () => {
    expect(argsLimitProblem({})).toBeUndefined();
    expect(argsLimitProblem({ customer: 'C-17', ids: [1, 2], o: { deep: [null, true] } })).toBeUndefined();
    expect(argsLimitProblem(deepArgs(MAX_ARGS_DEPTH))).toBeUndefined();
  });

  test.each([101, 1_300, 100_000])('%i levels are refused with the real depth', (levels) => {
    expect(argsLimitProblem(deepArgs(levels))).toContain(deepWords(levels));
    expect(argsLimitProblem(JSON.parse(deepArgsJson(levels)))).toContain(deepWords(levels));
  });

  test('lists count as levels too', () => {
    let value: unknown = 1;
    for (let i = 0; i < 500; i++) value = [value];
    expect(argsLimitProblem({ l: value })).toContain(deepWords(501));
  });

  test('a cyclic value (structured clone can make one) ends at the value count, not in a loop', () => {
    const cyclic: Record<string, unknown> = { x: 1 };
    cyclic['self'] = cyclic;
    expect(argsLimitProblem(cyclic)).toMatch(/^nests at least [\d,]+ levels deep/);
  });

  test('too many values, too many bytes and too long a name are each named', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_ARGS_VALUES + 1 }, (_, i) => [`k${i}`, i]));
    expect(argsLimitProblem(many)).toMatch(
      /^holds more than 100,000 values; Robot Tray allows at most 100,000\./,
    );
    const big = { s: 'é'.repeat(MAX_ARGS_BYTES / 2) };
    expect(argsLimitProblem(big)).toMatch(/^is more than 16 MiB as JSON; Robot Tray allows at most 16 MiB\./);
    // Counted in UTF-8: the same number of ASCII characters is half the bytes.
    expect(argsLimitProblem({ s: 'e'.repeat(MAX_ARGS_BYTES / 2) })).toBeUndefined();
    expect(argsLimitProblem({ ['n'.repeat(MAX_ARGS_KEY_LENGTH + 1)]: 1 })).toMatch(
      /^has a name 1,001 characters long/,
    );
  });

  test('bytes are counted as compact JSON writes them', () => {
    // Exactly the limit passes, one more byte does not.
    const overhead = JSON.stringify({ s: '' }).length;
    const exact = { s: 'x'.repeat(MAX_ARGS_BYTES - overhead) };
    expect(new TextEncoder().encode(JSON.stringify(exact)).length).toBe(MAX_ARGS_BYTES);
    expect(argsLimitProblem(exact)).toBeUndefined();
    expect(argsLimitProblem({ s: 'x'.repeat(MAX_ARGS_BYTES - overhead + 1) })).toMatch(
      /^is more than 16 MiB/,
    );
    const emoji = { s: '😀'.repeat(10), n: [1.5, true, null] };
    expect(argsLimitProblem(emoji)).toBeUndefined();
  });
});

describe('every schema that carries arguments refuses with the same words, without overflowing', () => {
  const now = Date.now();
  const schemas: Array<[string, () => { success: boolean; error?: z.ZodError }]> = [];
  for (const levels of [1_300, 100_000]) {
    const args = deepArgs(levels);
    schemas.push(
      [`JsonObject ${levels}`, () => JsonObject.safeParse(args)],
      [`PresetInput ${levels}`, () => PresetInput.safeParse({ robotId: 'r', name: 'p', args })],
      [
        `Preset ${levels}`,
        () => Preset.safeParse({ id: 'p', robotId: 'r', name: 'p', args, createdAt: now, updatedAt: now }),
      ],
      [`FireRequest ${levels}`, () => FireRequest.safeParse({ method: 'POST', args })],
      [`IPC FireInput ${levels}`, () => FireInput.safeParse({ robotId: 'r', method: 'POST', args })],
      [
        `Call ${levels}`,
        () =>
          Call.safeParse({
            id: 'c',
            robotId: 'r',
            robotName: 'R',
            method: 'POST',
            args,
            state: 'done',
            createdAt: now,
          }),
      ],
    );
  }
  test.each(schemas)('%s', (name, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    const levels = Number(name.split(' ').pop());
    const message = describeZodError(result.error!);
    expect(message).toContain(deepWords(levels));
    if (!name.startsWith('JsonObject')) expect(message).toMatch(/^args: nests/);
  });
});

test("the window's argument editor says the same words, for JSON typed or pasted", () => {
  for (const levels of [1_300, 100_000]) {
    const result = parseArgsJson(deepArgsJson(levels));
    expect('error' in result && result.error.message).toContain(deepWords(levels));
  }
  expect(parseArgsJson(deepArgsJson(100))).toEqual({ args: deepArgs(100) });
});
