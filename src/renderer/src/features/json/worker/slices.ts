const SLICE = 1 << 20;

/**
 * Hand a long text to a worker a megabyte per task: copying 20 MB into a
 * worker in one message holds the window's main thread for ~50 ms, a
 * megabyte at a time keeps every step short. `post` gets each slice and
 * whether it is the last; nothing more is posted once `stopped()` says so.
 */
export async function postInSlices(
  text: string,
  post: (slice: string, last: boolean) => void,
  stopped: () => boolean,
): Promise<void> {
  let at = 0;
  for (; at + SLICE < text.length; at += SLICE) {
    if (stopped()) return;
    post(text.slice(at, at + SLICE), false);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (!stopped()) post(text.slice(at), true);
}
