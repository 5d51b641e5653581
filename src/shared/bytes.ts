/** A byte count for people: "512 bytes", "12 KiB", "1.5 MiB", "2 GiB". */
export function formatBytes(bytes: number): string {
  const GiB = 1024 ** 3;
  if (bytes >= GiB) return `${(bytes / GiB).toFixed(bytes % GiB === 0 ? 0 : 1)} GiB`;
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/**
 * A size as people type it: "1048576", "50 MiB", "50MB", "1 GiB", "1g".
 * Units are binary whichever way they are written (a setting, not a disk
 * label). Undefined for anything else, or a size that is not whole bytes.
 */
export function parseBytes(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  if (match === null) return undefined;
  const bytes = Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}
