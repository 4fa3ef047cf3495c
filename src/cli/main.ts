// `npm run cli -- …`: binds the CLI function to Node. exitCode (not process.exit) lets a piped
// stdout drain before Node exits.
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { main } from './cli';

const write = (stream: NodeJS.WriteStream) => (s: string) => void stream.write(s);
process.exitCode = main(process.argv.slice(2), { stdout: write(process.stdout), stderr: write(process.stderr), readFile: (path) => readFileSync(path, 'utf8'), now: () => performance.now(), heapLimitBytes: getHeapStatistics().heap_size_limit, heapUsedBytes: () => process.memoryUsage().heapUsed });
