import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtCliIsCurrent } from '../../bin/cliEntry.js';
import { BIN, CliHarness, ROOT } from '../support/cliHarness.ts';

const SPY = path.join(ROOT, 'test/support/cliImportSpy.ts');
/** What only the core needs; bundled, these show as their paths in the chunk's comments. */
const HEAVY = /node_modules\/(zod|undici)\/|keytar|node:sqlite/;

/**
 * The CLI as `npm run build` bundles it (out/main/cli.js), which the bin runs
 * while the build is current: what keeps its start-up quick, checked by what
 * it loads rather than by a timing.
 */
describe('robot-tray built', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-startup-'));
    await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The files a run loads, each with its text: a bundle's chunk names say little. */
  async function loaded(
    args: string[],
  ): Promise<{ code: number | null; files: Map<string, string>; urls: string[] }> {
    const log = path.join(dir, `imports-${args.join('-').replace(/\W+/g, '_')}.log`);
    await writeFile(log, '');
    const child = execFile(process.execPath, ['--import', SPY, BIN, ...args], {
      cwd: ROOT,
      env: h.env({ ROBOT_TRAY_IMPORT_LOG: log }),
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const files = new Map<string, string>();
    const urls = (await readFile(log, 'utf8')).split('\n');
    for (const url of urls) {
      if (!url.startsWith('file:')) continue;
      const file = path.relative(ROOT, fileURLToPath(url));
      files.set(file, await readFile(fileURLToPath(url), 'utf8'));
    }
    return { code, files, urls };
  }
  const heavy = (files: Map<string, string>) =>
    [...files].filter(([, text]) => HEAVY.test(text)).map(([f]) => f);

  test('no chunk a command loads later imports the entry back: its top-level await would wait on itself and the command exit with nothing done', async () => {
    const chunks = path.join(ROOT, 'out/main/chunks');
    const back = [];
    for (const name of await readdir(chunks)) {
      if (/from "\.\.\/cli\.js"|import "\.\.\/cli\.js"/.test(await readFile(path.join(chunks, name), 'utf8')))
        back.push(name);
    }
    expect(
      back,
      'a module both the command tree and a lazily loaded part import belongs in its own file',
    ).toEqual([]);
  });

  test('runs the bundle, and --help and usage errors load neither zod, undici, the keychain nor SQLite', async () => {
    expect(builtCliIsCurrent(ROOT), 'run `npm run build` first').toBe(true);
    for (const args of [['--help'], ['fire', '--help'], ['robot', 'add'], ['fire', 'Echo', '--arg', 'x']]) {
      const { code, files } = await loaded(args);
      expect(code === 0 || code === 2).toBe(true);
      expect(files.has('out/main/cli.js')).toBe(true);
      expect([...files.keys()].filter((f) => f.startsWith('src/'))).toEqual([]);
      expect(heavy(files)).toEqual([]);
    }
    // A command that needs the core loads it, zod and undici with it: the check above can see them.
    const list = await loaded(['preset', 'list']);
    expect(list.code).toBe(0);
    expect(heavy(list.files).length).toBeGreaterThan(0);
  });

  test('--help and fire load neither node:child_process, node:http2, the file streams nor write-file-atomic: they spawn nothing, this robot talks HTTP/1.1 and fire writes no JSON file', async () => {
    // node:fs imported as an ES module would load its file streams (its ReadStream getter).
    const unneeded =
      /^(node|builtin):(child_process|http2|internal\/fs\/streams)$|write-file-atomic|signal-exit/;
    for (const args of [['--help'], ['fire', 'Echo', '--arg', 'n:=1']]) {
      const { code, urls } = await loaded(args);
      // Exit 0: help shown, or the trigger sent and accepted.
      expect(code).toBe(0);
      // The spy sees built-ins, internal ones too (node:fs is loaded by every run).
      expect(urls).toContain('builtin:fs');
      expect(urls.filter((url) => unneeded.test(url))).toEqual([]);
    }
  });

  test('fire and fire --wait work from the bundle', async () => {
    const fired = await h.run(['fire', 'Echo', '--arg', 'n:=1']);
    expect(fired).toMatchObject({ code: 0, stderr: '' });
    expect(fired.stdout).toMatch(/^call\s+\S+\nwebhookCallId\s+\S+\n$/);
    const waited = await h.run(['fire', 'Echo', '--arg', 'n:=2', '--wait', '--output', '-']);
    expect(waited.code).toBe(0);
    expect(JSON.parse(waited.stdout)).toMatchObject({ n: 2 });
  });
});
