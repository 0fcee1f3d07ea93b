#!/usr/bin/env node
// `pnpm bench [--quick] [--only TEXT] [--json FILE]`: every benchmark of the monorepo, one
// after the other (never in parallel: they would disturb each other), each figure printed as
// one line `name: value unit (goal: …)` on stdout; progress and failures go to stderr.
//
// Two kinds of benchmark are found, so adding one is adding a file (see BENCHMARKS.md):
//  1. figure scripts: `<package>/bench/*.figures.{ts,mts,mjs,js}` in any workspace package,
//     run with tsx in the package's folder (`--quick` passed on); every stdout line of the form
//     `name: value unit (goal: …)` is a figure, other lines are shown only if it fails.
//  2. vitest bench files: a package whose `bench` script runs `vitest bench` is run with
//     `--outputJson`, and every bench becomes a figure in ops/s.
// `--only TEXT` runs the benchmarks whose file path contains TEXT.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const valueOf = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = valueOf("--only");
const jsonOut = valueOf("--json");
/** Each benchmark's time limit; `--quick` keeps the whole run under 3 minutes. */
const LIMIT_MS = quick ? 150_000 : 30 * 60_000;
const FIGURE = /^([^:\s][^:]*): (\S+) (.+?) \(goal: (.*)\)$/;

/** Workspace package folders, from the `packages:` globs of pnpm-workspace.yaml (`dir/*` or `dir`). */
function workspacePackages() {
  const yaml = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const globs = [];
  let inPackages = false;
  for (const line of yaml.split("\n")) {
    if (/^packages:/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const m = line.match(/^\s*-\s*["']?([^"'\s]+)["']?/);
      if (m) globs.push(m[1]);
    }
  }
  const dirs = [];
  for (const glob of globs) {
    if (glob.endsWith("/*")) {
      const parent = join(root, glob.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true }))
        if (entry.isDirectory() && existsSync(join(parent, entry.name, "package.json")))
          dirs.push(join(parent, entry.name));
    } else if (existsSync(join(root, glob, "package.json"))) dirs.push(join(root, glob));
  }
  return dirs.sort();
}

function discover() {
  const jobs = [];
  for (const dir of workspacePackages()) {
    const benchDir = join(dir, "bench");
    if (existsSync(benchDir))
      for (const name of readdirSync(benchDir).sort())
        if (/\.figures\.(ts|mts|mjs|js)$/.test(name))
          jobs.push({ kind: "figures", dir, file: join(benchDir, name) });
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    if (/\bvitest bench\b/.test(pkg.scripts?.bench ?? ""))
      jobs.push({ kind: "vitest", dir, file: dir, name: pkg.name });
  }
  return jobs.filter((job) => only === undefined || relative(root, job.file).includes(only));
}

/** Runs a command; resolves with its exit code and output (stdout lines go to `onLine`). */
function run(command, argv, cwd, onLine) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    let out = "";
    let err = "";
    let pending = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
    child.stderr.on("data", (chunk) => (err += chunk));
    const timer = setTimeout(() => {
      err += `\nstopped after ${LIMIT_MS / 1000} s`;
      child.kill("SIGTERM");
    }, LIMIT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (pending) onLine(pending);
      resolve({ code: code ?? (signal ? 1 : 0), out, err });
    });
  });
}

const figures = [];
const failures = [];
function emit(name, value, unit, goal, source) {
  figures.push({ name, value, unit, goal, source });
  console.log(`${name}: ${value} ${unit} (goal: ${goal})`);
}

const tsx = join(root, "node_modules", ".bin", process.platform === "win32" ? "tsx.cmd" : "tsx");
const started = Date.now();
const jobs = discover();
console.error(`pnpm bench${quick ? " --quick" : ""}: ${jobs.length} benchmarks`);
for (const job of jobs) {
  const where = relative(root, job.file);
  const t0 = Date.now();
  console.error(`▶ ${where}`);
  let result;
  if (job.kind === "figures") {
    result = await run(tsx, [job.file, ...(quick ? ["--quick"] : [])], job.dir, (line) => {
      const m = line.match(FIGURE);
      if (m) emit(m[1], m[2], m[3], m[4], where);
    });
  } else {
    const tmp = mkdtempSync(join(tmpdir(), "maumau-bench-"));
    const report = join(tmp, "bench.json");
    const vitest = join(job.dir, "node_modules", ".bin", "vitest");
    result = await run(vitest, ["bench", "--run", "--outputJson", report], job.dir, () => {});
    if (result.code === 0 && existsSync(report)) {
      const data = JSON.parse(readFileSync(report, "utf8"));
      for (const file of data.files ?? [])
        for (const group of file.groups ?? [])
          for (const b of group.benchmarks ?? []) {
            const name = `${job.name} ${group.fullName} > ${b.name}`
              .replaceAll(": ", " ")
              .replaceAll(/\s+/g, " ");
            const rme = typeof b.rme === "number" ? `, ±${b.rme.toFixed(1)}%` : "";
            emit(name, Number(b.hz).toPrecision(4), "ops/s", `none set; vitest bench${rme}`, where);
          }
    }
    rmSync(tmp, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.code !== 0) {
    failures.push(where);
    console.error(
      `✗ ${where} failed (exit ${result.code}, ${seconds} s)\n${result.out}\n${result.err}`,
    );
  } else console.error(`✓ ${where} (${seconds} s)`);
}
const total = ((Date.now() - started) / 1000).toFixed(1);
console.error(
  `${figures.length} figures from ${jobs.length} benchmarks in ${total} s${failures.length ? `; failed: ${failures.join(", ")}` : ""}`,
);
if (jsonOut)
  writeFileSync(
    jsonOut,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        quick,
        node: process.version,
        seconds: Number(total),
        figures,
        failures,
      },
      null,
      2,
    ),
  );
process.exit(failures.length ? 1 : 0);
