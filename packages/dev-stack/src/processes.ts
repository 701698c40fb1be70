import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { formatLogLine } from './log-format';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface Managed {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Where a child's output goes: readable prefixed lines on our stdout, or a JSON log file (tests). */
export type LogTarget = { kind: 'console' } | { kind: 'file'; path: string };

export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, log: LogTarget): Managed {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (log.kind === 'file') {
    const file = createWriteStream(log.path, { flags: 'a' });
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  } else {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${formatLogLine(line)}\n`));
    }
  }
  return {
    name,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        // 'close' comes after the child's last output line, so the console keeps its order.
        child.once('close', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function waitForReady(url: string, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url} after ${timeoutMs / 1000}s`);
}
