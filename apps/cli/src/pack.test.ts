import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// Tests only: the CLI's own code never imports the server's runtime.
import { startTestApi, type TestApi } from "@maumau/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenPlayer } from "./testing/autoplayer.js";
import { ended, startCli } from "./testing/cliProcess.js";
import { VERSION } from "./version.js";

const cliDir = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8")) as {
  version: string;
};

/**
 * The packed terminal client (`pnpm -F @maumau/cli pack:cli`) installed as a user would, into an
 * empty prefix, from a folder outside the workspace, with no registry (`--offline`: the package
 * has no dependencies) and an environment that leads nowhere near the repository.
 */
describe("maumau as an npm package (npm pack, npm install -g into an empty prefix)", () => {
  let work: string;
  let bin: string;
  let api: TestApi;
  const env = () => ({
    PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: work,
    XDG_CONFIG_HOME: join(work, "config"),
    NODE_PATH: "",
    NODE_OPTIONS: "",
  });
  const run = (args: readonly string[]) =>
    execFileSync(bin, args, { cwd: work, env: env(), encoding: "utf8" });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "maumau-pack-"));
    const tarball = execFileSync(process.execPath, ["pack.mjs", "--out", join(work, "out")], {
      cwd: cliDir,
      encoding: "utf8",
    }).trim();
    execFileSync(
      "npm",
      [
        "install",
        "-g",
        "--prefix",
        join(work, "prefix"),
        "--offline",
        "--no-audit",
        "--no-fund",
        tarball,
      ],
      { cwd: work, env: { ...env(), npm_config_update_notifier: "false" }, stdio: "ignore" },
    );
    bin = join(work, "prefix", "bin", "maumau");
    api = await startTestApi({ commandRate: 10_000 });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("is publishable: name, version, licence, bin, engines, files; no dependencies, no workspace links, no native addons", () => {
    const installed = join(work, "prefix", "lib", "node_modules", "maumau");
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(pkg).toMatchObject({
      name: "maumau",
      version: manifest.version,
      license: "MIT",
      bin: { maumau: "dist/maumau.mjs" },
      engines: { node: ">=20.19" },
      files: ["dist", "README.md", "LICENSE", "THIRD_PARTY_LICENSES.md"],
    });
    expect(pkg).not.toHaveProperty("dependencies");
    expect(JSON.stringify(pkg)).not.toContain("workspace:");
    expect(readdirSync(installed).sort()).toEqual([
      "LICENSE",
      "README.md",
      "THIRD_PARTY_LICENSES.md",
      "dist",
      "package.json",
    ]);
    // The notices of the bundled packages travel with their code.
    const notices = readFileSync(join(installed, "THIRD_PARTY_LICENSES.md"), "utf8");
    for (const name of ["socket.io-client", "zod", "xstate", "commander", "chalk"])
      expect(notices).toMatch(new RegExp(`^## ${name} \\S+ \\(MIT\\)$`, "m"));
    const files = readdirSync(join(installed, "dist"));
    expect(files.filter((f) => f.endsWith(".node"))).toEqual([]);
    for (const file of files.filter((f) => f.endsWith(".mjs"))) {
      const code = readFileSync(join(installed, "dist", file), "utf8");
      expect(code).not.toMatch(/from\s*["'](tsx|@maumau\/)/);
    }
  });

  it("runs without the workspace: --version, variants, a local simulation in threads, a rule script", () => {
    expect(run(["--version"]).trim()).toBe(manifest.version);
    expect(VERSION).toBe(manifest.version);
    expect(run(["variants"]).split("\n")).toContain("heul-doch");
    const report = run([
      "simulate",
      "--variant",
      "noris",
      "--players",
      "3",
      "--games",
      "60",
      "--bots",
      "random,heuristic,random",
      "--threads",
      "2",
    ]);
    expect(report).toMatch(/heuristic/);
    const script = join(cliDir, "../../../shared/conformance/examples/noris-win-and-score.json");
    const table = JSON.parse(run(["script", script])) as { results: unknown[] };
    expect(table.results.length).toBeGreaterThan(0);
  });

  it("plays an online match to the end against a server", async () => {
    const cli = startCli(
      [
        "play",
        "--server",
        api.url,
        "--variant",
        "noris",
        "--bots",
        "1",
        "--option",
        "games=1",
        "--name",
        "Pat",
      ],
      { bin, env: env(), reply: screenPlayer(11) },
    );
    expect(await ended(cli, 150_000)).toBe(0);
    expect(cli.stdout()).toMatch(/Match over/);
    expect(cli.stderr()).toBe("");

    // The finished match through the installed package's other online commands (as child
    // processes that do not block this process, where the server runs).
    const matchId = /match ([\w-]{16})/.exec(cli.stdout())?.[1];
    expect(matchId).toBeDefined();
    const online = async (args: readonly string[]): Promise<string> => {
      const command = startCli(args, { bin, env: env() });
      expect(await ended(command, 60_000), command.stderr()).toBe(0);
      return command.stdout();
    };
    const list = await online(["list", "--server", api.url, "--all"]);
    expect(list).toMatch(new RegExp(`^${matchId!}.*noris.*over`, "m"));
    const saved = join(work, "match.json");
    await online(["replay", "--server", api.url, "--match", matchId!, "--save", saved]);
    expect(JSON.parse(readFileSync(saved, "utf8"))).toHaveProperty("events");
    expect(await online(["verify", "--server", api.url, "--match", matchId!])).toMatch(
      /^fair: every commitment and every shuffle follows from the revealed seed/m,
    );
  }, 180_000);
});
