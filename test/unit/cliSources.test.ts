import { describe, expect, test } from 'vitest';
import { cliSourceFiles } from '../../scripts/build/cliSources.ts';

const ROOT = '/clone';
const chunk = (
  moduleIds: string[],
  more: { isEntry?: boolean; name?: string; imports?: string[]; dynamicImports?: string[] } = {},
) => ({
  type: 'chunk' as const,
  isEntry: more.isEntry ?? false,
  name: more.name ?? 'shared',
  imports: more.imports ?? [],
  dynamicImports: more.dynamicImports ?? [],
  moduleIds: moduleIds.map((id) => (id.startsWith('\0') ? id : `${ROOT}/${id}`)),
});

/** Which files the bin checks to know the CLI's bundle is current (bin/cliEntry.js). */
describe("the CLI bundle's source list", () => {
  const bundle = {
    'cli.js': chunk(['src/cli/main.ts', 'node_modules/commander/lib/command.js', '\0commonjsHelpers'], {
      isEntry: true,
      name: 'cli',
      imports: ['chunks/output.js'],
      dynamicImports: ['chunks/appCore.js'],
    }),
    'chunks/output.js': chunk(['src/cli/output.ts']),
    'chunks/appCore.js': chunk(['src/core/appCore.ts', 'node_modules/@scope/pkg/index.js'], {
      imports: ['chunks/output.js'],
    }),
    'index.js': chunk(['src/main/index.ts'], { isEntry: true, name: 'index', imports: ['chunks/tray.js'] }),
    'chunks/tray.js': chunk(['src/main/tray.ts']),
    'cli-sources.json': { type: 'asset' as const },
  };

  test("lists the modules of every chunk the CLI loads, at once or later, and each bundled package's package.json", () => {
    expect(cliSourceFiles(bundle, ROOT)).toEqual([
      'node_modules/@scope/pkg/package.json',
      'node_modules/commander/package.json',
      'package.json',
      'src/cli/main.ts',
      'src/cli/output.ts',
      'src/core/appCore.ts',
    ]);
  });

  test("leaves out the app's own modules: editing them keeps the CLI's bundle current, and each start stats fewer files", () => {
    const files = cliSourceFiles(bundle, ROOT);
    expect(files).not.toContain('src/main/index.ts');
    expect(files).not.toContain('src/main/tray.ts');
  });

  test('refuses a build without the CLI', () => {
    expect(() => cliSourceFiles({ 'index.js': bundle['index.js'] }, ROOT)).toThrow(/no cli entry/);
  });
});
