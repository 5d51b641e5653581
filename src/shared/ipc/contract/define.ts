import type { z } from 'zod';

/** One contract method: its request and response schemas. */
export type MethodSpec = { request: z.ZodType; response: z.ZodType };

/** Keeps each concern's literal types while checking every entry is a MethodSpec. */
export function methods<const T extends Record<string, MethodSpec>>(spec: T): T {
  return spec;
}
