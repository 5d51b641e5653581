/**
 * The poll benchmark's chart: status queries against median detection lag,
 * one labelled point per client, as an SVG docs/performance.md shows. Pure: the same
 * points give the same file.
 */
export type ChartPoint = { label: string; queries: number; lagSeconds: number };

const W = 640;
const H = 360;
const M = { left: 70, right: 30, top: 40, bottom: 56 };

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A round step giving about `count` ticks from 0 to `max`. */
function tickStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

export function pollChart(points: readonly ChartPoint[], caption: string): string {
  const maxX = Math.max(1, ...points.map((p) => p.queries)) * 1.1;
  const maxY = Math.max(0.1, ...points.map((p) => p.lagSeconds)) * 1.15;
  const x = (v: number) => Number((M.left + (v / maxX) * (W - M.left - M.right)).toFixed(1));
  const y = (v: number) => Number((H - M.bottom - (v / maxY) * (H - M.top - M.bottom)).toFixed(1));
  const parts: string[] = [];
  const xStep = tickStep(maxX, 5);
  for (let v = 0; v <= maxX; v += xStep) {
    parts.push(`<line x1="${x(v)}" y1="${M.top}" x2="${x(v)}" y2="${H - M.bottom}" stroke="#e5e7eb"/>`);
    parts.push(
      `<text x="${x(v)}" y="${H - M.bottom + 18}" text-anchor="middle">${v.toLocaleString('en')}</text>`,
    );
  }
  const yStep = tickStep(maxY, 5);
  for (let v = 0; v <= maxY; v += yStep) {
    const label = Number(v.toPrecision(3)).toString();
    parts.push(`<line x1="${M.left}" y1="${y(v)}" x2="${W - M.right}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${M.left - 8}" y="${y(v) + 4}" text-anchor="end">${label}</text>`);
  }
  for (const p of points) {
    const px = x(p.queries);
    const py = y(p.lagSeconds);
    const anchor = px > W / 2 ? 'end' : 'start';
    const dx = anchor === 'end' ? -9 : 9;
    parts.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="5" fill="#2563eb"/>`);
    parts.push(
      `<text x="${(px + dx).toFixed(1)}" y="${(py - 8).toFixed(1)}" text-anchor="${anchor}">${escape(p.label)}</text>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12" fill="#111827">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    // A long caption's setting goes on a second, smaller line, so it fits the width.
    ...captionLines(caption).map(
      (line, i) =>
        `<text x="${M.left}" y="${18 + i * 15}" font-size="${i === 0 ? 14 : 11}"${i === 0 ? ' font-weight="600"' : ''}>${escape(line)}</text>`,
    ),
    ...parts,
    `<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="#6b7280"/>`,
    `<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="#6b7280"/>`,
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 14}" text-anchor="middle">status queries sent (fewer is better)</text>`,
    `<text transform="translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">median detection lag, s (lower is better)</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** "Title: setting" as two lines; a caption without a colon stays one. */
function captionLines(caption: string): string[] {
  const at = caption.indexOf(': ');
  return at < 0 ? [caption] : [caption.slice(0, at), caption.slice(at + 2)];
}
