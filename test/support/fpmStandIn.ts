/**
 * A stand-in for fpm, which electron-builder downloads to make a .deb and
 * which cannot be downloaded here: given the arguments electron-builder
 * passes fpm (`-s dir -t deb`, the control fields, the maintainer scripts and
 * `SOURCE=DESTINATION` pairs), it lays out the same files and builds the
 * package with dpkg-deb. What the .deb holds (the app, the desktop entry, the
 * icons, the scripts) is electron-builder's and our configuration's; only the
 * archiving is this file's. packagedApp.ts points electron-builder at it
 * through CUSTOM_FPM_PATH.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FLAGS = new Set(['--force', '--debug']);

function parse(argv: string[]) {
  const options = new Map<string, string[]>();
  const files: Array<{ from: string; to: string }> = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (FLAGS.has(arg)) continue;
    if (arg.startsWith('-')) {
      const value = argv[++i];
      if (value === undefined) throw new Error(`fpm stand-in: ${arg} has no value`);
      options.set(arg, [...(options.get(arg) ?? []), value]);
      continue;
    }
    const at = arg.indexOf('=');
    if (at <= 0) throw new Error(`fpm stand-in: expected SOURCE=DESTINATION, got ${arg}`);
    files.push({ from: arg.slice(0, at), to: arg.slice(at + 1) });
  }
  const one = (name: string) => {
    const value = options.get(name)?.[0];
    if (value === undefined) throw new Error(`fpm stand-in: ${name} is missing`);
    return value;
  };
  const all = (name: string) => options.get(name) ?? [];
  if (one('-s') !== 'dir' || one('-t') !== 'deb')
    throw new Error('fpm stand-in: only -s dir -t deb is supported');
  return { one, all, files };
}

const { one, all, files } = parse(process.argv.slice(2));
const stage = mkdtempSync(path.join(tmpdir(), 'robot-tray-fpm-'));
// The package's root is /: readable by everyone, as fpm makes it.
chmodSync(stage, 0o755);
try {
  for (const { from, to } of files) {
    const target = path.join(stage, to);
    mkdirSync(path.dirname(target), { recursive: true });
    // `dir/=DEST` copies the folder's contents; a file is copied as the named file.
    cpSync(from, target, { recursive: true, verbatimSymlinks: true });
  }
  const debian = path.join(stage, 'DEBIAN');
  mkdirSync(debian);
  const [synopsis, ...more] = one('--description').split('\n');
  const control = [
    `Package: ${one('--name')}`,
    `Version: ${one('--version')}`,
    `Architecture: ${one('--architecture')}`,
    `Maintainer: ${one('--maintainer')}`,
    `Priority: ${all('--deb-priority')[0] ?? 'optional'}`,
    `Homepage: ${one('--url')}`,
    `Depends: ${all('-d').join(', ')}`,
    ...(all('--deb-recommends').length > 0 ? [`Recommends: ${all('--deb-recommends').join(', ')}`] : []),
    `Description: ${synopsis}`,
    ...more.map((line) => (line.startsWith(' ') ? line : ` ${line}`)),
  ];
  writeFileSync(path.join(debian, 'control'), control.join('\n') + '\n');
  for (const [option, script] of [
    ['--after-install', 'postinst'],
    ['--after-remove', 'postrm'],
  ] as const) {
    const source = all(option)[0];
    if (source === undefined) continue;
    cpSync(source, path.join(debian, script));
    chmodSync(path.join(debian, script), 0o755);
  }
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zxz', '--build', stage, one('--package')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
} finally {
  rmSync(stage, { recursive: true, force: true });
}
