/**
 * A whole number with its thousands grouped ("100,000"), as Robot Tray's
 * messages write counts and sizes. Written without Intl: the first
 * toLocaleString of a process loads ICU's locale data, some 30 ms of CPU
 * that a `robot-tray fire` would pay for one number in one sentence.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
