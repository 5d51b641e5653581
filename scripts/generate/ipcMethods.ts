// Writes src/shared/ipc/methodNames.ts, the list of the IPC contract's method
// names the preload exposes, from the contract itself: the preload must not
// load zod, so it cannot read the contract, and a list written by hand would
// be the names a third time. `npm run generate` runs it; a unit test
// (ipcMethodNames.test.ts) fails when the file is not what this writes.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { methodNames } from '../../src/shared/ipc/contract.ts';

export const METHOD_NAMES_FILE = path.resolve(import.meta.dirname, '../../src/shared/ipc/methodNames.ts');

/** The file's text for these names. */
export function methodNamesText(names: readonly string[]): string {
  return [
    '// Written by `npm run generate` (scripts/generate/ipcMethods.ts) from the IPC contract; do not edit.',
    "import type { MethodName } from './contract.ts';",
    '',
    '/** Every method of the IPC contract, in its order: the preload exposes one function for each. */',
    'export const METHOD_NAMES = [',
    ...names.map((name) => `  '${name}',`),
    '] as const satisfies readonly MethodName[];',
    '',
    '/** A contract method missing above fails the typecheck here, naming it. */',
    'type Missing = Exclude<MethodName, (typeof METHOD_NAMES)[number]>;',
    'export const METHOD_NAMES_COMPLETE: [Missing] extends [never] ? true : Missing = true;',
    '',
  ].join('\n');
}

if (import.meta.main) await writeFile(METHOD_NAMES_FILE, methodNamesText(methodNames));
