import { execFileSync } from 'node:child_process';
import { closeSync, constants, lstatSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { writeChosenFile } from '../../src/main/ipc/handlers/chosenFile.ts';
import { writeBounds } from '../../src/main/window/windowState.ts';

/**
 * Files Robot Tray writes outside its database (the window's place, a file
 * chosen in a save dialog) replaced by a FIFO: no record on disk may hold
 * the app's start, its quit or a CLI command. A plain read of a
 * FIFO waits for a writer forever (the watcher mark's, on the main thread);
 * a plain write waits for a reader. To keep a failure from hanging this file,
 * each test gives the FIFO the other end an old reader would wait for, and
 * checks the file was not used as if it were a record.
 */
let dir: string;
const fds: number[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-fifo-'));
});

afterEach(async () => {
  for (const fd of fds.splice(0)) closeSync(fd);
  await rm(dir, { recursive: true, force: true });
});

test("the window's place (window.json) is written over a FIFO instead of into it", async () => {
  // Each move of the window wrote into the FIFO, holding one of libuv's four threads until read.
  const file = path.join(dir, 'window.json');
  execFileSync('mkfifo', [file]);
  fds.push(openSync(file, constants.O_RDONLY | constants.O_NONBLOCK));
  await writeBounds(file, { x: 1, y: 2, width: 800, height: 600 });
  expect(lstatSync(file).isFile()).toBe(true);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 1, y: 2, width: 800, height: 600 });
});

test("a file chosen in main's save dialog (an export, a saved call) replaces a FIFO there instead of writing into it", async () => {
  // A plain write into a FIFO held one of libuv's four threads until something read it.
  const file = path.join(dir, 'robot-tray-export.json');
  execFileSync('mkfifo', [file]);
  fds.push(openSync(file, constants.O_RDONLY | constants.O_NONBLOCK));
  await writeChosenFile(file, '{"format":"robot-tray-export"}\n');
  expect(lstatSync(file).isFile()).toBe(true);
  expect(readFileSync(file, 'utf8')).toBe('{"format":"robot-tray-export"}\n');
});
