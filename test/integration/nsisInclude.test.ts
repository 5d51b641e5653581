import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const include = path.join(root, 'packaging/installer.nsh');

/**
 * Where electron-builder's installer script inserts packaging/installer.nsh's
 * macros, reduced to what they use: the page after the folder choice and
 * customInstall in the installer; customUnInstall in the uninstaller (built
 * with BUILD_UNINSTALLER defined, as electron-builder builds it). `isUpdated`
 * is electron-builder's test for an update run; here a variable stands in.
 */
function harness(uninstaller: boolean, includeFile: string): string {
  return [
    'Unicode true',
    ...(uninstaller ? ['!define BUILD_UNINSTALLER'] : []),
    '!include MUI2.nsh',
    '!include LogicLib.nsh',
    '!include nsDialogs.nsh',
    'Var updated',
    '!define isUpdated \'"$updated" == "1"\'',
    'Name "Robot Tray"',
    'OutFile "harness.exe"',
    'InstallDir "$LOCALAPPDATA\\Programs\\Robot Tray"',
    'RequestExecutionLevel user',
    `!include "${includeFile}"`,
    ...(uninstaller
      ? [
          '!insertmacro MUI_PAGE_INSTFILES',
          '!insertmacro MUI_LANGUAGE English',
          'Section "main"',
          '  StrCpy $updated "0"',
          '  WriteUninstaller "$INSTDIR\\Uninstall.exe"',
          'SectionEnd',
          'Section "un.Uninstall"',
          '  !insertmacro customUnInstall',
          'SectionEnd',
        ]
      : [
          '!insertmacro MUI_PAGE_DIRECTORY',
          '!insertmacro customPageAfterChangeDir',
          '!insertmacro MUI_PAGE_INSTFILES',
          '!insertmacro MUI_LANGUAGE English',
          'Section "main"',
          '  StrCpy $updated "0"',
          '  !insertmacro customInstall',
          'SectionEnd',
        ]),
  ].join('\n');
}

async function compile(dir: string, name: string, script: string) {
  const file = path.join(dir, name);
  await writeFile(file, script);
  // -WX: warnings are errors, as electron-builder compiles its installer.
  return run('makensis', ['-WX', '-V2', file], { cwd: dir }).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${error.stdout}${error.stderr}`,
    }),
  );
}

/**
 * The Windows installer's "Add robot-tray to my PATH" page and its
 * uninstall step, compiled with the real NSIS compiler (Debian's makensis;
 * the installer itself is built, and run, only by the release workflow).
 */
// Debian's makensis (docs/development.md, Prerequisites); the macOS and Windows pull-request jobs have none.
describe.runIf(process.platform === 'linux')(
  "the NSIS installer's additions (packaging/installer.nsh)",
  () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-nsis-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    test('compile, warning-free, into the installer and into the uninstaller', async () => {
      expect(await compile(dir, 'installer.nsi', harness(false, include))).toEqual({ ok: true, output: '' });
      expect(await compile(dir, 'uninstaller.nsi', harness(true, include))).toEqual({ ok: true, output: '' });
    });

    test('run cli-path.ps1 from the installed cli folder, adding on install and removing on uninstall, never on an update', async () => {
      const text = await readFile(include, 'utf8');
      const calls = [
        ...text.matchAll(
          /-File "\$INSTDIR\\resources\\cli\\cli-path\.ps1" (add|remove) "\$INSTDIR\\resources\\cli"/g,
        ),
      ];
      expect(calls.map((m) => m[1])).toEqual(['add', 'remove']);
      expect(text.match(/\$\{ifNot\} \$\{isUpdated\}/g)).toHaveLength(2);
    });

    test('a broken include is caught (so the compile above means something)', async () => {
      const broken = path.join(dir, 'broken.nsh');
      // A variable declared for the installer but used in the uninstaller too: a warning, so an error.
      await writeFile(
        broken,
        (await readFile(include, 'utf8')).replace(
          'Pop $0\n  ${endif}\n!macroend',
          'Pop $cliPathChosen\n  ${endif}\n!macroend',
        ),
      );
      expect((await compile(dir, 'broken.nsi', harness(true, broken))).ok).toBe(false);
    });
  },
);
