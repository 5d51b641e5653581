/**
 * Generated benchmark documents: deterministic, so runs compare. Each has a
 * root key (the marker) the runner waits to see on screen.
 */
export type BenchDocument = { name: string; marker: string; text: string };

function record(i: number): unknown {
  return {
    id: i,
    name: `customer ${i}`,
    email: `person${i}@example.test`,
    balance: (i * 37.13) % 10_000,
    active: i % 3 === 0,
    tags: ['alpha', 'beta', `t${i % 17}`],
    address: { street: `${i} Long Road`, city: 'Springfield', zip: String(10_000 + (i % 89_999)) },
    orders: [
      { sku: `SKU-${i}-1`, qty: 1 + (i % 5), price: 9.99, notes: null },
      { sku: `SKU-${i}-2`, qty: 2, price: 120.5, notes: 'gift wrap' },
    ],
  };
}

/** Nested records until the text reaches `bytes`. */
export function nestedDocument(bytes: number, name = 'nested-20mb.json'): BenchDocument {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = JSON.stringify(record(i));
    parts.push(part);
    size += part.length + 1;
  }
  const text = `{"benchMeta":{"count":${parts.length}},"records":[${parts.join(',')}]}`;
  return { name, marker: 'benchMeta', text };
}

/** A root array of `count` strings, all on screen at depth 1: the case that needs virtualized rows. */
export function arrayDocument(count: number): BenchDocument {
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(`"benchItem-${(i * 7919).toString(36)}"`);
  return { name: 'array-1m.json', marker: 'benchItem-0', text: `[${items.join(',')}]` };
}
