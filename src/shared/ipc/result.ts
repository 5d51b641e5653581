import { z } from 'zod';
import { errorKinds } from '../errorKinds.ts';

export { errorKinds };

export const AppErrorShape = z.object({
  kind: z.enum(errorKinds),
  message: z.string(),
});
export type AppErrorShape = z.infer<typeof AppErrorShape>;

/**
 * Every IPC answer is an envelope: Electron flattens a thrown error into a
 * string prefixed with "Error invoking remote method", which would lose the
 * kind, so main never throws across IPC.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };
