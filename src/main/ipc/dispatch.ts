import { AppError } from '../../core/errors.ts';
import { contract, type MethodName } from '../../shared/ipc/contract.ts';
import type { IpcResult } from '../../shared/ipc/result.ts';
import { describeZodError } from '../../shared/validation.ts';
import type { Handlers } from './handlers.ts';

/** Told why a request was refused or failed unexpectedly; never given its payload. */
export type RefusalLog = (method: string, reason: string) => void;

const defaultLog: RefusalLog = (method, reason) =>
  console.warn(`robot-tray: IPC ${method} refused: ${reason}`);

function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

/**
 * Parse an untrusted request, run its handler and wrap the answer. Never
 * throws: an unknown method, a malformed payload or a failing handler all come
 * back as `{ ok: false }`. AppCore's own errors pass through with their kind
 * and message ("a robot named X already exists"); any other exception gets a
 * generic message, since its text could carry anything.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  payload: unknown,
  log: RefusalLog = defaultLog,
): Promise<IpcResult<unknown>> {
  if (!isMethodName(method)) {
    log(method.slice(0, 80), 'unknown method');
    return { ok: false, error: { kind: 'validation', message: `Unknown request "${method.slice(0, 80)}".` } };
  }
  const parsed = contract[method].request.safeParse(payload ?? {});
  if (!parsed.success) {
    const message = describeZodError(parsed.error, 'request');
    // The issue names the field and the rule, never the value sent.
    log(method, `invalid request: ${message}`);
    return { ok: false, error: { kind: 'validation', message: `Invalid ${method} request: ${message}.` } };
  }
  try {
    const handler = handlers[method] as (req: unknown) => unknown;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.toShape() };
    log(method, `unexpected ${error instanceof Error ? error.name : typeof error}`);
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: 'Robot Tray hit an unexpected error. Try again; if it keeps happening, restart the app.',
      },
    };
  }
}
