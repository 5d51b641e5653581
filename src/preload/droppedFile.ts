/** What the drop listener reads of a DOM drop event. */
export type DropLike = {
  isTrusted: boolean;
  dataTransfer: { files: ArrayLike<File> } | null;
};

/**
 * The path of the one file a person dropped onto the window, or null. Only
 * a trusted event counts (one the browser made from a real drag, never one
 * the page dispatched itself), and `pathOf` (Electron's
 * webUtils.getPathForFile) gives a path only for a file the operating system
 * handed over: a File the page built itself has none. So main is told of a
 * file only when the person dropped it.
 */
export function droppedFilePath(event: DropLike, pathOf: (file: File) => string): string | null {
  if (!event.isTrusted) return null;
  const files = event.dataTransfer?.files;
  if (files === undefined || files.length !== 1) return null;
  const path = pathOf(files[0]!);
  return typeof path === 'string' && path !== '' ? path : null;
}
