import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderNginxConfig, type NginxOptions } from './nginx-config';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

export interface NginxRunOptions extends NginxOptions {
  /** The nginx binary (default NGINX_BIN or Debian's /usr/sbin/nginx). */
  bin?: string;
}

/**
 * Runs the real nginx with the configuration generated from the route table, in the foreground,
 * under an unprivileged prefix: the gateway test and the journeys of `npm test` go through it.
 */
export async function startNginx(options: NginxRunOptions): Promise<RunningNginx> {
  const bin = options.bin ?? process.env.NGINX_BIN ?? '/usr/sbin/nginx';
  if (!existsSync(bin)) throw new Error(`nginx not found at ${bin}: install it (apt-get install -y nginx)`);
  await mkdir(options.prefixDir, { recursive: true });
  // nginx's stderr is a socket here (Node's 'pipe'), which nginx cannot open as /dev/stderr: the
  // shell's reports of a broken remote go to a file under the prefix unless the caller names one.
  const remoteErrorLog = options.remoteErrorLog ?? path.join(options.prefixDir, 'remote-errors.log');
  await writeFile(path.join(options.prefixDir, 'nginx.conf'), renderNginxConfig({ ...options, remoteErrorLog }));
  const child = spawn(bin, ['-p', options.prefixDir, '-c', 'nginx.conf', '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${options.listen}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`${url}/remotes.json`);
      break;
    } catch {
      if (attempt > 100) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not start: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
