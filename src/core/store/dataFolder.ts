import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.ts';

/** The data folder as found at start: usable for reading, and writable or not. */
export type DataFolder = {
  dir: string;
  /**
   * Why nothing can be saved, when the folder can be read but not written:
   * the `storage` error every write throws, before it touches anything.
   */
  readOnly: AppError | undefined;
};

/**
 * Make sure the data folder exists (created private if missing) and find out
 * what can be done with it. A folder that can be read but not written opens
 * read-only, so listing robots, presets and calls still works; anything that
 * cannot be read at all (a file, a folder that cannot be created) is a
 * `storage` error naming the folder and the fix, thrown before anything runs.
 */
export async function openDataFolder(
  dir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<DataFolder> {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT' && codeOf(error) !== 'ENOTDIR')
      throw cannotUse(dir, 'read', error, platform);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
    } catch (mkdirError) {
      throw await cannotCreate(dir, mkdirError);
    }
    return { dir, readOnly: undefined };
  }
  if (!info.isDirectory()) {
    throw new AppError(
      'storage',
      `Robot Tray's data folder ${dir} is a file, not a folder. ` +
        'Point ROBOT_TRAY_HOME at a folder (it is created if missing), or move that file away.',
    );
  }
  try {
    await access(dir, constants.R_OK | constants.X_OK);
  } catch (error) {
    throw cannotUse(dir, 'read', error, platform);
  }
  try {
    await access(dir, constants.W_OK);
  } catch (error) {
    return { dir, readOnly: cannotUse(dir, 'write', error, platform) };
  }
  return { dir, readOnly: undefined };
}

function cannotUse(dir: string, what: 'read' | 'write', error: unknown, platform: NodeJS.Platform): AppError {
  const code = codeOf(error) ?? 'error';
  const adjective = what === 'read' ? 'readable' : 'writable';
  const fix =
    code === 'EROFS'
      ? 'It is on a read-only file system: point ROBOT_TRAY_HOME at a folder on a writable disk.'
      : `Make it ${adjective}${platform === 'win32' ? '' : ` (chmod u+${what === 'read' ? 'rx' : 'w'} ${quoted(dir)})`} ` +
        'or point ROBOT_TRAY_HOME at another folder.';
  return new AppError('storage', `Robot Tray's data folder ${dir} is not ${adjective} (${code}). ${fix}`, {
    cause: error,
    permanent: true,
  });
}

/** A folder that cannot be made: name the part of its path that stands in the way. */
async function cannotCreate(dir: string, error: unknown): Promise<AppError> {
  const code = codeOf(error) ?? 'error';
  const blocker = await firstExisting(path.dirname(dir));
  let fix: string;
  if (blocker !== undefined && !blocker.isDirectory) {
    fix = `${blocker.path} is a file, not a folder. Point ROBOT_TRAY_HOME at a folder, or move that file away.`;
  } else if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    const parent = blocker?.path ?? path.dirname(dir);
    fix = `Its parent folder ${parent} is not writable: create ${dir} yourself, or point ROBOT_TRAY_HOME at another folder.`;
  } else {
    fix = 'Point ROBOT_TRAY_HOME at a folder that can be created.';
  }
  return new AppError('storage', `Robot Tray's data folder ${dir} cannot be created (${code}). ${fix}`, {
    cause: error,
    permanent: true,
  });
}

async function firstExisting(start: string): Promise<{ path: string; isDirectory: boolean } | undefined> {
  for (let p = start; ; p = path.dirname(p)) {
    try {
      return { path: p, isDirectory: (await stat(p)).isDirectory() };
    } catch (error) {
      // ENOTDIR: some part of the path above is a file; keep walking up to it.
      if (codeOf(error) !== 'ENOENT' && codeOf(error) !== 'ENOTDIR') return undefined;
    }
    if (path.dirname(p) === p) return undefined;
  }
}

function quoted(p: string): string {
  return /^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
