import type { BuildResult } from "esbuild";

export function bundleCli(options: {
  readonly cliDir: string;
  readonly outdir: string;
  readonly minify: boolean;
}): Promise<BuildResult<{ metafile: true }>>;
