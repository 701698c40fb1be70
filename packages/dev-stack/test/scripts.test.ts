import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/processes';

interface PackageJson {
  workspaces?: string[];
  scripts?: Record<string, string>;
}

function packageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Every package's scripts: the root's and each workspace's (a `dir/*` pattern is each folder in it). */
function everyScript(): { where: string; name: string; command: string }[] {
  const root = packageJson(REPO_ROOT);
  const dirs = (root.workspaces ?? []).flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(REPO_ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
  return ['.', ...dirs]
    .filter((dir) => existsSync(path.join(REPO_ROOT, dir, 'package.json')))
    .flatMap((dir) =>
      Object.entries(packageJson(path.join(REPO_ROOT, dir)).scripts ?? {}).map(([name, command]) => ({ where: dir, name, command })),
    );
}

// tsx's CLI runs the file in a child and, on Ctrl-C, SIGKILLs that child when it has not said within
// 30 ms that it got the signal — on a busy machine it often has not, and `npm start` then ended without
// stopping its PgBouncer and replica (found by stopLeftovers). `node --import tsx` runs the file in the
// process the signal reaches.
test('every script that runs a TypeScript file runs it as `node --import tsx`, never through the tsx CLI', () => {
  const scripts = everyScript();
  expect(scripts.some((script) => script.where === '.' && script.name === 'start')).toBe(true);
  const throughCli = scripts.filter((script) => /(^|[;&|]\s*)(npx\s+)?tsx\s/.test(script.command));
  expect(throughCli).toEqual([]);
});

test('Ctrl-C on `npm start`’s command reaches a busy process, and its own shutdown runs to the end', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ctrl-c-'));
  const mark = path.join(dir, 'stopped');
  const file = path.join(dir, 'busy.ts');
  // As busy as the stack while every service logs through it: the event loop is free 10 ms in 400.
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs';
     setInterval(() => { const end = Date.now() + 400; while (Date.now() < end); }, 410);
     process.on('SIGINT', () => setTimeout(() => { writeFileSync(${JSON.stringify(mark)}, 'yes'); process.exit(0); }, 100));
     process.stdout.write('ready\\n');`,
  );
  const start = packageJson(REPO_ROOT).scripts!.start!;
  const command = start.replace(/\S+\.ts\b/, file);
  expect(command).not.toBe(start);
  // As npm runs it (sh -c, node_modules/.bin first), in its own process group: a terminal's Ctrl-C
  // signals the whole foreground group.
  const child = spawn('sh', ['-c', command], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PATH: `${path.join(REPO_ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
  });
  try {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    for (let waited = 0; !out.includes('ready'); waited += 50) {
      if (waited > 30_000) throw new Error('the busy process did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(-child.pid!, 'SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(existsSync(mark)).toBe(true);
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
