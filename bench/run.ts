// `npm run bench` runs every bench/*.bench.ts; `npm run bench -- <name> [<name>...]` runs those.
// Prints one table and writes bench/results/latest.json (rows of benches not run are kept).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeMachine } from './lib/machine';
import { formatTable, type Bench, type BenchRow } from './lib/report';

const dir = import.meta.dirname;
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(', ')}. Benches: ${available.join(', ')}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : available;

const rows: BenchRow[] = [];
for (const name of names) {
  console.log(`running ${name}...`);
  const module = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as {
    default: Bench;
  };
  const measured = await module.default();
  console.log(formatTable(measured));
  rows.push(...measured);
}

const file = path.join(dir, 'results/latest.json');
const previous = existsSync(file)
  ? (JSON.parse(readFileSync(file, 'utf8')) as { rows: BenchRow[] }).rows.filter(
      (r) => !names.includes(r.bench),
    )
  : [];
const all = [...previous, ...rows];
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: await describeMachine(), rows: all }, null, 2)}\n`,
);
console.log(`\n${formatTable(all)}\n\nwritten to ${path.relative(process.cwd(), file)}`);
