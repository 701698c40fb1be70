import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { DefinePlugin, type Compiler, type Configuration } from 'webpack';
import { describeRemote, providedVersions, sharedModules } from './shared';

export interface AppConfigOptions {
  /** Workspace folder name: 'shell', 'mfe-broker', … */
  name: string;
  dir: string;
  kind: 'host' | 'remote';
  exposes?: Record<string, string>;
  mode?: 'production' | 'development';
}

/** A valid JS identifier for the federation container ('mfe-broker' -> 'mfe_broker'). */
export function containerName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_]/g, '_');
}

/**
 * A remote's build describes itself (remote.json: its name, its package version and what it needs
 * from the shell, shared module -> range), so a build can be published, and checked against the
 * shell, without its sources.
 */
class RemoteDescriptionPlugin {
  constructor(private readonly dir: string) {}
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RemoteDescriptionPlugin', (compilation) => {
      const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
      compilation.hooks.processAssets.tap({ name: 'RemoteDescriptionPlugin', stage }, () => {
        const text = `${JSON.stringify(describeRemote(this.dir), null, 2)}\n`;
        compilation.emitAsset('remote.json', new compiler.webpack.sources.RawSource(text));
      });
    });
  }
}

/** react-router's production ESM build, next to the development one its exports resolve to (from web-kit, which declares it). */
function reactRouterProduction(): string {
  const development = path.dirname(require.resolve('react-router', { paths: [path.resolve(__dirname, '../../web-kit')] }));
  return path.join(development, '..', 'production', 'index.mjs');
}

export function createAppConfig(options: AppConfigOptions): Configuration {
  const mode = options.mode ?? 'production';
  const isHost = options.kind === 'host';
  return {
    mode,
    context: options.dir,
    // No filesystem cache (webpack's default in production): persisting it took longer than the
    // build it would spare (shell: 34 s to build and 26 s more to write the cache, against 29 s
    // without). A start skips an app whose sources did not change (dev-stack's build stamp).
    entry: './src/index.ts',
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      // The host is served at '/', so deep links load absolute paths; remotes resolve their own URL.
      publicPath: isHost ? '/' : 'auto',
      // The federation runtime needs stable entry names; chunks carry a content hash for caching.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: containerName(options.name),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // react-router's package exports name only its development build (warnings, invariant texts);
      // a production build takes the one it ships beside it, without them.
      alias: mode === 'production' ? { 'react-router$': reactRouterProduction() } : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            // Runs second, on swc's JavaScript: makeStyles/makeResetStyles become precompiled atomic
            // classes at build time, so no app ships Griffel's runtime style compiler (stylis,
            // rtl-css-js). Our code imports them from Fluent's barrel, hence the module list.
            {
              loader: '@griffel/webpack-loader',
              options: {
                modules: [
                  {
                    moduleSource: '@fluentui/react-components',
                    importName: 'makeStyles',
                    resetImportName: 'makeResetStyles',
                    staticImportName: 'makeStaticStyles',
                  },
                  {
                    moduleSource: '@griffel/react',
                    importName: 'makeStyles',
                    resetImportName: 'makeResetStyles',
                    staticImportName: 'makeStaticStyles',
                  },
                ],
                // Style values may come from our TypeScript packages (COMPACT_LAYOUT, say): the build-time
                // evaluation reads them from source.
                babelOptions: { presets: [['@babel/preset-typescript', { isTSX: true, allExtensions: true }]] },
              },
            },
            {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic' } },
                  target: 'es2022',
                },
              },
            },
          ],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: containerName(options.name),
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: options.exposes ?? {} }),
        shared: sharedModules(options.kind, options.dir),
        // Remotes initialise when first used, not at start: /login fetches no remoteEntry.
        shareStrategy: 'loaded-first',
        dts: false,
        // Remotes are plain remoteEntry.js URLs from /remotes.json: no manifest snapshots, browser only.
        // A remote loads no other remote, so its container leaves out the remote loader.
        experiments: { optimization: { disableSnapshot: true, target: 'web', disableRemote: !isHost } },
      }),
      ...(isHost
        ? [new DefinePlugin({ __SHARED_PROVIDED__: JSON.stringify(providedVersions(options.dir)) })]
        : [new RemoteDescriptionPlugin(options.dir)]),
      ...(isHost
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title: 'Corretora CRM',
              scriptLoading: 'defer',
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: mode === 'production',
      // Code that several on-demand chunks share gets a chunk of its own from 5 kB (webpack's default
      // is 20 kB): Griffel's mergeClasses and the icons' core were copied into up to twelve chunks,
      // three or four of them on one page. Measured: every signed-in route 2–7 KiB gz lighter.
      splitChunks: { minSize: 5000 },
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
