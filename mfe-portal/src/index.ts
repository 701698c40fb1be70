// A remote's public surface is its './manifest' (see webpack.config.ts); the shell mounts it.
export {};
