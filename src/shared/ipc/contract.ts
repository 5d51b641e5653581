import { z } from 'zod';

/**
 * The one IPC contract between the window and the main process.
 *
 * Each key is a method name on `window.robotTray`; the IPC channel is derived
 * from it (`channelOf`). Main parses every request with `request` before any
 * handler runs; the renderer can trust `response` because main produced it.
 */
export const contract = {
  getAppInfo: {
    request: z.object({}).strict(),
    response: z.object({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
    }),
  },
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;

export const methodNames = Object.keys(contract) as MethodName[];

export type RequestOf<M extends MethodName> = z.input<Contract[M]['request']>;
export type ResponseOf<M extends MethodName> = z.output<Contract[M]['response']>;
