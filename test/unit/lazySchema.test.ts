import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../src/shared/lazySchema.ts';

describe('lazySchema', () => {
  test('builds the schema at its first use, once, and not before', () => {
    let builds = 0;
    const Name = lazySchema(() => {
      builds++;
      return z.string().trim().min(1, 'must not be empty');
    });
    expect(builds).toBe(0);
    expect(Name.parse('  Invoice sync ')).toBe('Invoice sync');
    expect(Name.safeParse('  ').error?.issues[0]?.message).toBe('must not be empty');
    expect(builds).toBe(1);
  });

  test('stands for the schema everywhere: inside other schemas, extended, by shape, by instanceof, detached', () => {
    const Name = lazySchema(() =>
      z.string().refine((value) => !value.startsWith('-'), 'must not start with "-"'),
    );
    const Robot = lazySchema(() =>
      z.object({ id: z.string(), name: Name, tags: z.array(Name).default([]) }).strict(),
    );
    expect(Robot.parse({ id: 'r1', name: 'Echo' })).toEqual({ id: 'r1', name: 'Echo', tags: [] });
    expect(Robot.safeParse({ id: 'r1', name: '-x' }).error?.issues[0]).toMatchObject({
      path: ['name'],
      message: 'must not start with "-"',
    });
    expect(Robot.safeParse({ id: 'r1', name: 'Echo', extra: 1 }).success).toBe(false);
    const View = Robot.extend({ hasToken: z.boolean() });
    expect(View.parse({ id: 'r1', name: 'Echo', hasToken: true })).toMatchObject({ hasToken: true });
    expect(Robot.omit({ tags: true }).partial().parse({})).toEqual({});
    expect(Robot.shape.name).toBe(Name);
    expect(Robot).toBeInstanceOf(z.ZodObject);
    expect(z.union([Name, z.number()]).parse(3)).toBe(3);
    const { parse } = Name;
    expect(parse('ok')).toBe('ok');
  });
});
