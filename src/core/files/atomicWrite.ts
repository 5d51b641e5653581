import { createRequire } from 'node:module';
import type WriteFileAtomic from 'write-file-atomic';

type Options = WriteFileAtomic.Options;

/**
 * write-file-atomic (with signal-exit, which it loads) is loaded at the first
 * write, not at start-up: it cost every `robot-tray fire` time, and most
 * commands write no JSON file at all.
 */
export async function writeFileAtomically(file: string, data: string, options: Options): Promise<void> {
  const { default: write } = await import('write-file-atomic');
  await write(file, data, options);
}

let sync: typeof WriteFileAtomic.sync | undefined;

/** The same, synchronously (the warnings' file is written where no await can wait). */
export function writeFileAtomicallySync(file: string, data: string, options: Options): void {
  sync ??= (createRequire(import.meta.url)('write-file-atomic') as typeof WriteFileAtomic).sync;
  sync(file, data, options);
}
