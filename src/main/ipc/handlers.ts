import type { Contract } from '../../shared/ipc/contract.ts';
import { appHandlers } from './handlers/app.ts';
import { callHandlers } from './handlers/calls.ts';
import type { HandlerContext } from './handlers/context.ts';
import { presetHandlers } from './handlers/presets.ts';
import { robotHandlers } from './handlers/robots.ts';
import { savedCallHandlers } from './handlers/savedCalls.ts';
import { settingsHandlers } from './handlers/settings.ts';
import { sharingHandlers } from './handlers/sharing.ts';
import type { HandlersOf } from './handlers/types.ts';

export type { HandlerContext };

/** What main answers on each contract method: one AppCore (or shell) operation each. */
export type Handlers = HandlersOf<Contract>;

export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    ...robotHandlers(ctx),
    ...presetHandlers(ctx),
    ...callHandlers(ctx),
    ...savedCallHandlers(ctx),
    ...settingsHandlers(ctx),
    ...sharingHandlers(ctx),
    ...appHandlers(ctx),
  };
}
