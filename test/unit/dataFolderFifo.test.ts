import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, constants, lstatSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { LastGoodCopy } from '../../src/core/team/lastGoodCopy.ts';
import { otherWatcherRunning, writeWatcherMark } from '../../src/core/watcherMark.ts';
import { writeChosenFile } from '../../src/main/ipc/handlers/chosenFile.ts';
import { writeBounds } from '../../src/main/window/windowState.ts';

/**
 * Files of the data folder that are not robots.json and its kin (the watcher
 * mark, the team catalog's last good copy) replaced by a FIFO: no record on
 * disk may hold the app's start, its quit or a CLI command. A plain read of a
 * FIFO waits for a writer forever (the watcher mark's, on the main thread);
 * a plain write waits for a reader. To keep a failure from hanging this file,
 * each test gives the FIFO the other end an old reader would wait for, and
 * checks the file was not used as if it were a record.
 */
let dir: string;
let writer: ChildProcess | undefined;
const fds: number[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-fifo-'));
});

afterEach(async () => {
  for (const fd of fds.splice(0)) closeSync(fd);
  if (writer !== undefined && writer.exitCode === null && writer.signalCode === null) {
    const exited = once(writer, 'exit');
    writer.kill();
    await exited;
  }
  writer = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A FIFO at `file` and a process waiting to write `text` into it once someone opens it to read. */
function fifoOffering(file: string, text: string): void {
  execFileSync('mkfifo', [file]);
  writer = spawn('sh', ['-c', 'printf %s "$1" > "$2"', 'sh', text, file], { stdio: 'ignore' });
}

test('a FIFO in place of watcher.json is no mark of a running app (and is not waited on)', () => {
  const mark = JSON.stringify({ pid: process.ppid, host: hostname(), at: 1 });
  fifoOffering(path.join(dir, 'watcher.json'), mark);
  expect(otherWatcherRunning(dir)).toBe(false);
});

test('the app writes its watcher mark over a FIFO instead of into it', () => {
  const file = path.join(dir, 'watcher.json');
  execFileSync('mkfifo', [file]);
  // A reader, so an old write opens the FIFO at once (without one it would wait forever).
  fds.push(openSync(file, constants.O_RDONLY | constants.O_NONBLOCK));
  writeWatcherMark(dir, 1);
  expect(lstatSync(file).isFile()).toBe(true);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, at: 1 });
});

test("a FIFO in place of the team catalog's last good copy is not read", async () => {
  const file = path.join(dir, 'team-catalog.json');
  const catalog = { format: 'robot-tray-export', version: 1, exportedAt: 1, robots: [] };
  fifoOffering(file, JSON.stringify({ source: '/team.json', savedAt: 1, catalog }));
  expect(await new LastGoodCopy(file, () => 2).load('/team.json')).toBeUndefined();
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
