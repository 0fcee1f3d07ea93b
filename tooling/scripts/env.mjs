/**
 * The environment for nested pnpm runs. pnpm exports `verify-deps-before-run` to scripts as
 * the string "false", which a nested pnpm reads as set: every task turbo starts would then
 * check (and rewrite) the workspace state at once, racing each other.
 */
export function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.pnpm_config_verify_deps_before_run;
  delete env.npm_config_verify_deps_before_run;
  return env;
}
