import type { z } from 'zod';
import { appMethods } from './contract/app.ts';
import { batchMethods } from './contract/batches.ts';
import { callMethods } from './contract/calls.ts';
import { presetMethods } from './contract/presets.ts';
import { robotMethods } from './contract/robots.ts';
import { savedCallMethods } from './contract/savedCalls.ts';
import { settingsMethods } from './contract/settings.ts';
import { sharingMethods } from './contract/sharing.ts';

/**
 * The one IPC contract between the window and the main process: one method
 * per AppCore operation, grouped by concern in ./contract/.
 *
 * Each key is a method name on `window.robotTray`; the IPC channel is derived
 * from it (`channelOf`). Main parses every request with `request` before any
 * handler runs; the renderer can trust `response` because main produced it
 * (and the tests parse every answer with it).
 */
export const contract = {
  ...robotMethods,
  ...presetMethods,
  ...callMethods,
  ...batchMethods,
  ...savedCallMethods,
  ...settingsMethods,
  ...sharingMethods,
  ...appMethods,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;

export const methodNames = Object.keys(contract) as MethodName[];

export type RequestOf<M extends MethodName> = z.input<Contract[M]['request']>;
export type ParsedRequestOf<M extends MethodName> = z.output<Contract[M]['request']>;
export type ResponseOf<M extends MethodName> = z.output<Contract[M]['response']>;
