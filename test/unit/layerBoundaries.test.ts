import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { HEAVY } from '../support/heavyTest.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The layer rules of docs/architecture.md live in eslint.config.js. Each case lints a
 * snippet as if it were a file in that layer and expects the boundary rule
 * to fire (or not).
 */
describe('layer boundaries in the lint config', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  async function boundaryErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
      .map((m) => m.message);
  }

  test.each([
    ['src/shared/models/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['src/shared/models/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/shared/models/x.ts', 'export const title = document.title;\n'],
    ['src/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/core/x.ts', "import { a } from '../main/index.ts';\nexport const b = a;\n"],
    ['src/renderer/src/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['src/renderer/src/x.ts', "import { a } from '../../core/appCore.ts';\nexport const b = a;\n"],
    ['src/renderer/src/x.ts', "import { a } from '../../main/index.ts';\nexport const b = a;\n"],
    ['src/main/x.ts', "import { a } from '../renderer/src/App.tsx';\nexport const b = a;\n"],
    ['src/cli/x.ts', "import { a } from '../renderer/src/App.tsx';\nexport const b = a;\n"],
  ])(
    '%s: forbidden import fails the lint',
    async (file, code) => {
      expect(await boundaryErrors(file, code)).not.toEqual([]);
    },
    // The first case loads ESLint with the project's whole config.
    HEAVY.timeout,
  );

  test.each([
    ['src/shared/models/x.ts', "import { z } from 'zod';\nexport const a = z.string();\n"],
    ['src/core/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['src/main/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'src/renderer/src/x.ts',
      "import type { Contract } from '../../shared/ipc/contract.ts';\nexport type A = Contract;\n",
    ],
  ])('%s: allowed import passes', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
