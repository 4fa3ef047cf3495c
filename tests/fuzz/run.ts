// `npm run fuzz [cases]`: the reliability properties over 100,000 cases (default), printing the
// count of failures per property and in total; exit status 1 when any failed.
import { runAll } from './properties';

const total = Number(process.argv[2] ?? 100_000);
const started = Date.now();
const results = await runAll(total);
let failures = 0;
for (const r of results) {
  failures += r.failures;
  console.log(`${r.failures === 0 ? '✓' : '✗'} ${r.name}: ${r.failures} failure(s)`);
  for (const e of r.examples) console.log(`    e.g. ${e}`);
}
console.log(
  `\nfuzz: ${total} cases in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures} failure(s)`,
);
process.exitCode = failures > 0 ? 1 : 0;
