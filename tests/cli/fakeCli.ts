// The CLI's `main` run in-process with fake I/O: files come from `files` (a missing one fails as
// Node's ENOENT does), stdout and stderr are collected, and the heap may be faked for the memory
// stop.
import { main } from '../../src/cli/cli';

export function cli(
  argv: string[],
  files: Record<string, string> = {},
  heapLimitBytes?: number,
  heapUsedBytes?: () => number,
) {
  let stdout = '';
  let stderr = '';
  const code = main(argv, {
    ...(heapLimitBytes ? { heapLimitBytes } : {}),
    ...(heapUsedBytes ? { heapUsedBytes } : {}),
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return text;
    },
  });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}
