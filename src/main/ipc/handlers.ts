import { AppError } from '../../core/errors.ts';
import type { Contract } from '../../shared/ipc/contract.ts';
import { appHandlers } from './handlers/app.ts';
import { batchHandlers } from './handlers/batches.ts';
import { callHandlers } from './handlers/calls.ts';
import type { HandlerContext } from './handlers/context.ts';
import { presetHandlers } from './handlers/presets.ts';
import { robotHandlers } from './handlers/robots.ts';
import { savedCallHandlers } from './handlers/savedCalls.ts';
import { settingsHandlers } from './handlers/settings.ts';
import { sharingHandlers } from './handlers/sharing.ts';
import type { HandlersOf } from './handlers/types.ts';
import { dataFolderForWindow } from './windowView.ts';

export type { HandlerContext };

/** What main answers on each contract method: one AppCore (or shell) operation each. */
export type Handlers = HandlersOf<Contract>;

export function createHandlers(ctx: HandlerContext): Handlers {
  return forWindow(
    {
      ...robotHandlers(ctx),
      ...presetHandlers(ctx),
      ...callHandlers(ctx),
      ...batchHandlers(ctx),
      ...savedCallHandlers(ctx),
      ...settingsHandlers(ctx),
      ...sharingHandlers(ctx),
      ...appHandlers(ctx),
    },
    ctx.core.dataDir,
  );
}

/**
 * Every handler's failure as the window may read it: a storage error names
 * the data folder and its files without their full path (windowView.ts).
 * The one place errors leave main for the window; the CLI and main's log
 * keep the path.
 */
function forWindow(handlers: Handlers, dataDir: string): Handlers {
  const wrapped: Record<string, (request: unknown) => Promise<unknown>> = {};
  for (const [method, handler] of Object.entries(handlers) as Array<[string, (r: unknown) => unknown]>) {
    wrapped[method] = async (request) => {
      try {
        return await handler(request);
      } catch (error) {
        throw error instanceof AppError ? errorForWindow(error, dataDir) : error;
      }
    };
  }
  return wrapped as unknown as Handlers;
}

function errorForWindow(error: AppError, dataDir: string): AppError {
  const message = dataFolderForWindow(error.message, dataDir);
  if (message === error.message) return error;
  return new AppError(error.kind, message, {
    cause: error,
    permanent: error.permanent,
    maybeDelivered: error.maybeDelivered,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  });
}
