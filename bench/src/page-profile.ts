import type { CDPSession } from '@playwright/test';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** BENCH_PROFILE=1: a CPU profile of the page's main thread from now until `stop`. */
export async function startProfile(cdp: CDPSession): Promise<{ stop(): Promise<CpuProfile> }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return { stop: async () => (await cdp.send('Profiler.stop')).profile as CpuProfile };
}

/** The functions that held the main thread longest (self time), with where they live. */
export function printProfile(profile: CpuProfile, base: string): void {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0)));
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(base, '') || '(native)'}:${lineNumber}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const byUrl = new Map<string, number>();
  for (const [key, micros] of byFrame) {
    const where = key.split(' ').at(-1)!.replace(/:\d+$/, '');
    byUrl.set(where, (byUrl.get(where) ?? 0) + micros);
  }
  console.log('self time by script (ms):');
  for (const [where, micros] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${(micros / 1000).toFixed(0)}\t${where}`);
  console.log('heaviest functions (ms):');
  for (const [key, micros] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(micros / 1000).toFixed(0)}\t${key}`);
}
