import type { z } from 'zod';
import type { MethodSpec } from '../../../shared/ipc/contract/define.ts';

/** One handler per method of a concern: the parsed request in, the response out. */
export type HandlersOf<T extends Record<string, MethodSpec>> = {
  [M in keyof T]: (
    request: z.output<T[M]['request']>,
  ) => Promise<z.output<T[M]['response']>> | z.output<T[M]['response']>;
};
