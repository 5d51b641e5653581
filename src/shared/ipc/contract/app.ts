import { z } from 'zod';
import { DemoStatus, Navigation } from '../../events.ts';
import { NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appMethods = methods({
  getAppInfo: { request: NoRequest, response: AppInfo },
  getDemo: { request: NoRequest, response: DemoStatus },
  /** Start the built-in sandbox on a free loopback port and add its robots, labelled demo. */
  startDemo: { request: NoRequest, response: DemoStatus },
  /** Remove the demo robots (and their presets and tokens) and stop the sandbox. */
  removeDemo: { request: NoRequest, response: DemoStatus },
  /**
   * Where main asked the window to go before it could listen (a tray or
   * notification click that created the window), once; null when nowhere.
   */
  takeNavigation: { request: NoRequest, response: Navigation.nullable() },
  /** Open an https link in the user's browser; anything else is refused. */
  openExternal: { request: z.object({ url: z.string().max(4096) }).strict(), response: Nothing },
});
