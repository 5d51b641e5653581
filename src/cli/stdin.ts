/**
 * All of stdin as text, refused as soon as it passes `limit` bytes (without
 * reading the rest into memory): a token or a set of arguments has a size
 * nobody exceeds by accident.
 */
export async function readStdinCapped(limit: number, tooMuch: () => Error): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      process.stdin.destroy();
      throw tooMuch();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
