import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { METHOD_NAMES_FILE, methodNamesText } from '../../scripts/generate/ipcMethods.ts';
import { methodNames } from '../../src/shared/ipc/contract.ts';

test("the preload's method list is what `npm run generate` writes from the IPC contract", async () => {
  expect(await readFile(METHOD_NAMES_FILE, 'utf8'), 'run `npm run generate`').toBe(
    methodNamesText(methodNames),
  );
});
