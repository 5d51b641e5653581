import type { appMethods } from '../../../shared/ipc/contract/app.ts';
import { AppError } from '../../../core/errors.ts';
import { isExternalLinkAllowed } from '../../trustedUrl.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

export function appHandlers(ctx: HandlerContext): HandlersOf<typeof appMethods> {
  return {
    getAppInfo: () => ctx.appInfo(),
    getDemo: () => ctx.demo.status(),
    startDemo: () => ctx.demo.start(),
    removeDemo: () => ctx.demo.remove(),
    takeNavigation: () => ctx.takeNavigation(),
    openExternal: async ({ url }) => {
      if (!isExternalLinkAllowed(url)) {
        throw new AppError('validation', 'url: only https:// links open in your browser.');
      }
      await ctx.openExternal(url);
      return null;
    },
  };
}
