import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { describeZodError } from '../../src/shared/validation.ts';

describe('describeZodError', () => {
  const schema = z.object({
    name: z.string().min(1, 'must not be empty'),
    n: z.number(),
    list: z.array(z.number()),
  });
  test('names each field by its path, without zod\'s "Invalid input" prefix', () => {
    const error = schema.safeParse({ name: '', n: 'x', list: [1, 'y'] }).error!;
    const text = describeZodError(error, 'robot');
    expect(text).toMatch(/^name: must not be empty; n: expected number, received string; list\[1\]: /);
    expect(text).not.toContain('Invalid input');
  });
  test('a value with no path is named by its subject; long lists are bounded', () => {
    expect(describeZodError(z.object({}).safeParse(3).error!, 'request')).toMatch(/^request: /);
    const many = z.array(z.number()).safeParse(['a', 'b', 'c', 'd', 'e']).error!;
    expect(describeZodError(many)).toMatch(/\(and 2 more\)$/);
    expect(describeZodError(many, undefined, undefined, Infinity).split(';')).toHaveLength(5);
  });
});
