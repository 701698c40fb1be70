import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { BUILD_STAMP } from './build-stamp';

/**
 * `build` / `watch` for an app folder (the cwd), through the webpack Node API: webpack-cli's
 * current major needs Node 22. The app's webpack.config.ts exports its configuration.
 */
async function main(): Promise<void> {
  const command = process.argv[2] ?? 'build';
  const dir = process.cwd();
  const loaded = (await import(path.join(dir, 'webpack.config.ts'))) as { default: Configuration | { default: Configuration } };
  const config = ('default' in loaded.default ? loaded.default.default : loaded.default) as Configuration;
  const compiler = webpack(command === 'watch' ? { ...config, mode: 'development' } : config);
  if (!compiler) throw new Error('webpack did not create a compiler');
  const report = (error: Error | null | undefined, stats: webpack.Stats | undefined): boolean => {
    if (error) {
      console.error(error);
      return false;
    }
    if (!stats) return false;
    const info = stats.toString({ colors: false, all: false, errors: true, warnings: true, assets: false });
    if (info.trim()) console.log(info);
    const seconds = ((stats.endTime - stats.startTime) / 1000).toFixed(1);
    console.log(`${path.basename(dir)}: ${stats.hasErrors() ? 'build failed' : 'built'} in ${seconds}s`);
    return !stats.hasErrors();
  };
  if (command === 'watch') {
    compiler.watch({}, (error, stats) => report(error, stats));
    return;
  }
  const started = new Date();
  compiler.run((error, stats) => {
    const ok = report(error, stats);
    // Dated when the build started, so a source saved during the build still counts as newer.
    if (ok && config.output?.path) {
      const stamp = path.join(config.output.path, BUILD_STAMP);
      writeFileSync(stamp, started.toISOString());
      utimesSync(stamp, started, started);
    }
    compiler.close(() => process.exit(ok ? 0 : 1));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
