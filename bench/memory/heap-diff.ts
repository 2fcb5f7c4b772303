// Compares two V8 heap snapshots (bench/memory MEMORY_SNAPSHOTS): live objects and their own bytes by
// type and constructor name, the largest growth first.
//   npx tsx bench/memory/heap-diff.ts start.heapsnapshot end.heapsnapshot [rows]
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

function summarize(path: string): Map<string, { count: number; bytes: number }> {
  const s = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const types = s.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt]!]!;
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? ''
        : s.strings[s.nodes[i + nameAt]!]!;
    const key = `${type} ${name.slice(0, 60)}`;
    const e = out.get(key) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += s.nodes[i + sizeAt]!;
    out.set(key, e);
  }
  return out;
}

const [a, b, rows = '30'] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: heap-diff.ts <start.heapsnapshot> <end.heapsnapshot> [rows]');
  process.exit(2);
}
const before = summarize(a);
const after = summarize(b);
const keys = new Set([...before.keys(), ...after.keys()]);
const diff = [...keys]
  .map((k) => {
    const x = before.get(k) ?? { count: 0, bytes: 0 };
    const y = after.get(k) ?? { count: 0, bytes: 0 };
    return { k, count: y.count - x.count, bytes: y.bytes - x.bytes };
  })
  .sort((p, q) => q.bytes - p.bytes)
  .slice(0, Number(rows));
const total = (m: Map<string, { bytes: number }>) => [...m.values()].reduce((t, e) => t + e.bytes, 0);
console.log(`total ${(total(before) / 1e6).toFixed(1)} MB → ${(total(after) / 1e6).toFixed(1)} MB`);
for (const d of diff) console.log(`${String(d.bytes).padStart(10)} B ${String(d.count).padStart(8)}  ${d.k}`);
