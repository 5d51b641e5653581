import { contract, type MethodName } from '../../shared/ipc/contract.ts';
import type { IpcResult } from '../../shared/ipc/result.ts';
import type { Handlers } from './handlers.ts';

function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

/**
 * Parse an untrusted request, run its handler and wrap the answer. Never
 * throws: an unknown method, a malformed payload or a failing handler all come
 * back as `{ ok: false }` with a message that names what was wrong.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  payload: unknown,
): Promise<IpcResult<unknown>> {
  if (!isMethodName(method)) {
    return { ok: false, error: { kind: 'validation', message: `Unknown request "${method}".` } };
  }
  const parsed = contract[method].request.safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'request';
    return {
      ok: false,
      error: {
        kind: 'validation',
        message: `Invalid ${method} request: ${where}: ${issue?.message ?? 'malformed'}.`,
      },
    };
  }
  try {
    const handler = handlers[method] as (req: unknown) => unknown;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: toErrorShape(error) };
  }
}

function toErrorShape(error: unknown): { kind: 'internal'; message: string } {
  // Deliberately generic: an unexpected exception's text could carry anything,
  // including request headers, so it never crosses to the renderer.
  void error;
  return {
    kind: 'internal',
    message: 'Robot Tray hit an unexpected error. Try again; if it keeps happening, restart the app.',
  };
}
