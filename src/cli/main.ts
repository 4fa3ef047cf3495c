// `npm run cli -- …`: binds the CLI function to Node. exitCode (not process.exit) lets a piped
// stdout drain before Node exits.
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { main } from './cli';

const write = (stream: NodeJS.WriteStream) => (s: string) => void stream.write(s);
// A reader that stops early (`… | head`) closes the pipe: the rest of the output has nowhere to go,
// which is not an error of the command (its exit status stands), and never a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') process.exitCode = 2;
  });
process.exitCode = main(process.argv.slice(2), {
  stdout: write(process.stdout),
  stderr: write(process.stderr),
  readFile: (path) => readFileSync(path === '-' ? 0 : path, 'utf8'),
  now: () => performance.now(),
  heapLimitBytes: getHeapStatistics().heap_size_limit,
  heapUsedBytes: () => process.memoryUsage().heapUsed,
});
