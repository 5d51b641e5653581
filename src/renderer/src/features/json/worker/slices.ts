const SLICE = 1 << 20;

/**
 * A task of its own without a timer's delay: nested setTimeout(0) waits
 * 4 ms each time, 80 ms over 20 slices the worker would sit idle.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

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
    await nextTask();
  }
  if (!stopped()) post(text.slice(at), true);
}
