// Which `robot-tray` to run from a clone: the CLI bundled by `npm run build`
// (out/main/cli.js, one file to load instead of a few hundred) while it is
// current, else the TypeScript sources on Node's type stripping. Plain
// JavaScript, like bin/robot-tray.js, so any Node can load it.
import path from 'node:path';

// node:fs as require() gives it: importing it would first build its ES module
// view, whose ReadStream getter loads the file streams, a cost every start paid.
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');

/**
 * True when out/main/cli.js exists and no file it was built from (listed in
 * out/main/cli-sources.json by the build) changed since: a clone edited after
 * its last build runs its sources, never a stale bundle. A file listed but
 * gone also means the build is not current.
 */
export function builtCliIsCurrent(root) {
  const list = path.join(root, 'out/main/cli-sources.json');
  const built = statSync(list, { throwIfNoEntry: false });
  if (
    built === undefined ||
    statSync(path.join(root, 'out/main/cli.js'), { throwIfNoEntry: false }) === undefined
  ) {
    return false;
  }
  let files;
  try {
    files = JSON.parse(readFileSync(list, 'utf8')).files;
  } catch {
    return false;
  }
  if (!Array.isArray(files)) return false;
  // Some two hundred files at every start: joined by hand, as path.join's normalising costs more than a stat.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  for (const file of files) {
    const source = typeof file === 'string' ? statSync(prefix + file, { throwIfNoEntry: false }) : undefined;
    if (source === undefined || source.mtimeMs > built.mtimeMs) return false;
  }
  return true;
}

/**
 * The module to import: the sources when ROBOT_TRAY_CLI_FROM=src (to try an
 * edit without building), else the current build, else the sources.
 */
export function cliEntry(root, env = process.env) {
  const built = env.ROBOT_TRAY_CLI_FROM !== 'src' && builtCliIsCurrent(root);
  return path.join(root, built ? 'out/main/cli.js' : 'src/cli/main.ts');
}

/**
 * Where Node keeps the compiled CLI between runs (module.enableCompileCache):
 * undefined for Node's own choice, which is NODE_COMPILE_CACHE when set, else
 * a folder in the temporary folder. That is each user's own on macOS and
 * Windows, but on Linux it is /tmp/node-compile-cache for everyone: the first
 * user to run a Node program owns it and every other user's commands run
 * uncompiled (about 1.15x the CPU of a `robot-tray fire`), and /tmp is
 * emptied at boot. So on Linux the cache lives in the user's cache folder.
 */
export function compileCacheDir(env = process.env, platform = process.platform) {
  if (platform !== 'linux' || env.NODE_COMPILE_CACHE) return undefined;
  const cacheHome =
    env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : env.HOME && path.isAbsolute(env.HOME)
        ? path.join(env.HOME, '.cache')
        : undefined;
  return cacheHome === undefined ? undefined : path.join(cacheHome, 'robot-tray', 'node-compile-cache');
}
