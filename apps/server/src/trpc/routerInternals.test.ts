import { initTRPC, TRPCError, type AnyTRPCRootTypes, type TRPCProcedureType } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { MatchService } from "../matches/MatchService.js";
import type { ReplayRooms } from "../replays/ReplayRooms.js";
import { appRouter } from "./appRouter.js";
import { routerInternals, type RouterInternals } from "./routerInternals.js";
import type { Context } from "./trpc.js";

/**
 * What `routerInternals` reads is tRPC's, not ours: these tests fail when a tRPC upgrade changes
 * it. Each answer is checked against tRPC's public API: the procedures a router shows as its
 * properties (`BuiltRouter` = the router and its record), the type `createCaller`'s `onError`
 * reports for a call, and the error an HTTP request is answered with.
 */

interface Who {
  readonly who: string;
}

const t = initTRPC.context<Who>().create({
  isDev: false,
  // Every argument the formatter gets is in the shape, so the comparison below sees them all.
  errorFormatter: ({ shape, type, path, input, ctx }) => ({
    ...shape,
    data: { ...shape.data, seen: { type, path, input, who: ctx?.who ?? null } },
  }),
});
const small = t.router({
  ping: t.procedure.query(() => "pong"),
  deep: t.router({
    save: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n),
    nested: { again: t.procedure.input(z.string()).query(({ input }) => input) },
  }),
});

/** The dotted paths of a router's procedures, from its public shape: the record's functions. */
function publicPaths(router: object): string[] {
  const paths: string[] = [];
  const walk = (record: object, prefix: string) => {
    for (const [key, value] of Object.entries(record) as [string, unknown][]) {
      if (prefix === "" && (key === "_def" || key === "createCaller")) continue;
      if (typeof value === "function") paths.push(`${prefix}${key}`);
      else if (typeof value === "object" && value !== null) walk(value, `${prefix}${key}.`);
    }
  };
  walk(router, "");
  return paths.sort();
}

/** The type `createCaller`'s public `onError` reports for a failing call of this path. */
async function typeReported(
  call: (onError: (opts: { type: TRPCProcedureType | "unknown" }) => void) => Promise<unknown>,
): Promise<TRPCProcedureType | "unknown"> {
  let reported: TRPCProcedureType | "unknown" | null = null;
  await expect(
    call(({ type }) => {
      reported = type;
    }),
  ).rejects.toBeInstanceOf(Error);
  if (reported === null) throw new Error("onError was not called");
  return reported;
}

/** Calls the procedure at a dotted path of a caller. */
function callAt(caller: object, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const part of path.split(".")) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

const appContext: Context = {
  // Every call below is refused before any procedure reads the service.
  service: undefined as unknown as MatchService,
  replayRooms: undefined as unknown as ReplayRooms,
  transport: "socket",
  client: "127.0.0.1",
  socket: null,
  http: null,
};

/** Deeper than INPUT_LIMITS allow: every procedure of the app refuses it before its schema. */
const tooDeep = (): unknown => {
  let input: unknown = 1;
  for (let i = 0; i < 200; i++) input = [input];
  return input;
};

describe("routerInternals.procedureType", () => {
  const internals = routerInternals(small);

  it("names each procedure's type by its dotted path", () => {
    expect(internals.procedureType("ping")).toBe("query");
    expect(internals.procedureType("deep.save")).toBe("mutation");
    expect(internals.procedureType("deep.nested.again")).toBe("query");
  });

  it("answers null for anything that is no procedure", () => {
    for (const path of [
      "",
      "nope",
      "deep",
      "deep.nested",
      "ping.call",
      "deep.save.apply",
      "_def",
      "createCaller",
      "then",
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
    ])
      expect(internals.procedureType(path), path).toBeNull();
  });

  it("knows every procedure the router shows, and no other (the small router and the app's)", () => {
    const check = (
      router: object,
      known: Pick<RouterInternals<AnyTRPCRootTypes>, "procedureType" | "procedurePaths">,
    ) => {
      const paths = publicPaths(router);
      expect(paths.length).toBeGreaterThan(2);
      for (const path of paths) expect(known.procedureType(path), path).not.toBeNull();
      expect([...known.procedurePaths()].sort()).toEqual(paths);
    };
    check(small, routerInternals(small));
    check(appRouter, routerInternals(appRouter));
  });

  it("agrees with the type createCaller reports, for every procedure of the app", async () => {
    const known = routerInternals(appRouter);
    const paths = publicPaths(appRouter);
    for (const path of paths) {
      const type = await typeReported((onError) =>
        callAt(appRouter.createCaller(appContext, { onError }), path, tooDeep()),
      );
      expect(type, path).toBe(known.procedureType(path));
    }
    expect(new Set(paths.map((path) => known.procedureType(path)))).toEqual(
      new Set(["query", "mutation"]),
    );
  });
});

describe("routerInternals.errorShape", () => {
  it("shapes an error exactly as tRPC's HTTP handler answers it", async () => {
    const internals = routerInternals(small);
    const cases = [
      { path: "deep.save", method: "POST", body: JSON.stringify({ n: "x" }) },
      { path: "deep.save", method: "POST", body: "{" },
      { path: "nope", method: "GET", body: undefined },
      { path: "ping", method: "POST", body: "{}" },
    ];
    for (const { path, method, body } of cases) {
      let expected: unknown = null;
      const response = await fetchRequestHandler({
        endpoint: "/trpc",
        router: small,
        req: new Request(`http://localhost/trpc/${path}`, {
          method,
          ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
        }),
        createContext: () => ({ who: "http" }),
        onError: ({ error, type, path: at, input, ctx }) => {
          expected = internals.errorShape({ error, type, path: at ?? "", input, ctx });
        },
      });
      const answer = (await response.json()) as { error?: unknown };
      expect(expected, `${method} ${path}`).not.toBeNull();
      expect(answer.error, `${method} ${path}`).toEqual(expected);
    }
  });

  it("shapes the app's errors with the app's formatter (a typed refusal, no tRPC wording)", () => {
    const shape = routerInternals(appRouter).errorShape({
      error: new TRPCError({ code: "NOT_FOUND", message: "No procedure nope." }),
      type: "unknown",
      path: "nope",
      input: undefined,
      ctx: undefined,
    });
    expect(shape).toMatchObject({
      message: "No such procedure.",
      data: {
        code: "NOT_FOUND",
        httpStatus: 404,
        path: "nope",
        refusal: { code: "INVALID_INPUT" },
      },
    });
    expect(JSON.stringify(shape)).not.toContain("No procedure nope.");
  });
});
