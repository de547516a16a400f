/**
 * Counts sleeps used as assertions in the tests: a wait of real time (page.waitForTimeout, a
 * setTimeout promise of more than 0 ms, a local sleep()) followed within a few lines by an expect,
 * the shape of "wait a while, then check that nothing happened" (issue 39: a negative assertion waits
 * on an event or a fake clock instead). A sleep that paces a poll (inside a loop) waits for something
 * to happen and is not counted. A heuristic, to keep the count at 0: it lists each one found.
 *
 *   npm run check:sleeps                              the working tree
 *   npm run check:sleeps -- <commit>                  the tests as they were at a commit
 *
 * Exits 1 when it finds any.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const ref = process.argv[2];
const TEST_FILE = /^(e2e\/.*\.test\.ts|apps\/[^/]+\/(test\/.*|src\/.*\.test)\.tsx?|packages\/.*\.test\.ts)$/;
/** A wait of real time: not a 0 ms timer (an ordering barrier), nor a timer that only bounds a failure. */
const SLEEP = [
  /\bwaitForTimeout\(/,
  /new Promise\(\s*\(\s*(r|res|resolve)\s*\)\s*=>\s*setTimeout\(\s*\1\s*,\s*(?!0\s*\))[^)]+\)\s*\)/,
  /\bawait\s+sleep\(/,
];
/** A timer in a race that settles with a word, e.g. setTimeout(() => r('open'), 300). */
const RACED_TIMER = /setTimeout\(\s*\(\)\s*=>\s*\w+\(\s*'([^']+)'\s*\)\s*,/;
const LOOKAHEAD_LINES = 3;
/** A sleep inside a loop a few lines up paces a poll for something to happen: not a negative check. */
const POLL = /\b(for|while)\s*\(/;
const LOOKBACK_LINES = 4;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 << 20 });
const files = git('ls-files', ...(ref ? ['--with-tree', ref] : []))
  .split('\n')
  .filter((f) => TEST_FILE.test(f));

const found: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = ref ? git('show', `${ref}:${file}`) : fs.readFileSync(file, 'utf8');
  } catch {
    continue; // not in that tree
  }
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    // A race whose timer's outcome is the one expected: "still open after a while" passes by sleeping.
    const raced = RACED_TIMER.exec(line);
    if (raced) {
      const next = lines.slice(i + 1, i + 1 + LOOKAHEAD_LINES + 2).join('\n');
      if (next.includes(`.toBe('${raced[1]}')`)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      return;
    }
    if (!SLEEP.some((s) => s.test(line))) return;
    if (POLL.test(lines.slice(Math.max(0, i - LOOKBACK_LINES), i + 1).join('\n'))) return;
    const next = lines.slice(i + 1, i + 1 + LOOKAHEAD_LINES).join('\n');
    if (/\bexpect\(/.test(next)) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
}

for (const f of found) console.log(f);
console.log(`${found.length} sleep(s) used as assertions${ref ? ` at ${ref}` : ''}`);
process.exitCode = found.length > 0 ? 1 : 0;
