import { isAbsolute, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_WEB_DIST, loadConfig } from "./config.js";

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.map((p) => p.variable);
  }
  throw new Error("expected a ConfigError");
};

describe("loadConfig", () => {
  it("fills every default from an empty environment", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      webDist: DEFAULT_WEB_DIST,
      logLevel: "info",
    });
  });

  it("finds apps/web/dist from its own source file", () => {
    expect(isAbsolute(DEFAULT_WEB_DIST)).toBe(true);
    expect(DEFAULT_WEB_DIST).toBe(resolve(import.meta.dirname, "../../web/dist"));
    expect(DEFAULT_WEB_DIST.endsWith(join("apps", "web", "dist"))).toBe(true);
  });

  it("reads the variables it is given", () => {
    expect(
      loadConfig({ PORT: "0", HOST: "127.0.0.1", WEB_DIST: "/srv/web", LOG_LEVEL: "DEBUG" }),
    ).toEqual({ port: 0, host: "127.0.0.1", webDist: "/srv/web", logLevel: "debug" });
  });

  it("resolves a relative WEB_DIST against the working directory", () => {
    expect(loadConfig({ WEB_DIST: "some/dist" }).webDist).toBe(resolve("some/dist"));
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", HOST: " ", LOG_LEVEL: "" })).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      logLevel: "info",
    });
  });

  it.each([["abc"], ["-1"], ["65536"], ["3000.5"], ["80abc"]])("refuses PORT=%s", (port) => {
    expect(problemsOf({ PORT: port })).toEqual(["PORT"]);
  });

  it("refuses an unknown LOG_LEVEL", () => {
    expect(problemsOf({ LOG_LEVEL: "loud" })).toEqual(["LOG_LEVEL"]);
  });

  it("names every bad variable, with the value it got, in one error", () => {
    expect(() => loadConfig({ PORT: "x", LOG_LEVEL: "loud" })).toThrow(
      /PORT: .*"x"[\s\S]*LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent/,
    );
    expect(problemsOf({ PORT: "x", LOG_LEVEL: "loud" })).toEqual(["PORT", "LOG_LEVEL"]);
  });
});
