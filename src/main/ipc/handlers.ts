import type { z } from 'zod';
import type { Contract, MethodName, ResponseOf } from '../../shared/ipc/contract.ts';

/**
 * What main answers on each contract method. Free of electron so the browser
 * tests put the very same handlers behind a Chromium page.
 */
export type HandlerContext = {
  appName: string;
  appVersion: string;
  platform: string;
};

export type Handlers = {
  [M in MethodName]: (request: z.output<Contract[M]['request']>) => Promise<ResponseOf<M>> | ResponseOf<M>;
};

export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    getAppInfo: () => ({ name: ctx.appName, version: ctx.appVersion, platform: ctx.platform }),
  };
}
