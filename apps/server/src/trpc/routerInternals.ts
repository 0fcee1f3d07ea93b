import {
  getErrorShape,
  type AnyTRPCRootTypes,
  type TRPCError,
  type TRPCProcedureType,
  type TRPCRouterDef,
  type TRPCRouterRecord,
} from "@trpc/server";

/** A router's answers to what tRPC's public API cannot ask it (the server's socket rpc). */
export interface RouterInternals<TRoot extends AnyTRPCRootTypes> {
  /** The type of the procedure at this dotted path (`game.command`); null: no procedure there. */
  procedureType(path: string): TRPCProcedureType | null;
  /** Every procedure's dotted path (a lazy router's once it was loaded). */
  procedurePaths(): readonly string[];
  /**
   * An error as the router's clients get it over HTTP: tRPC's default shape through the
   * router's error formatter (`getErrorShape`, public, with the router's root config).
   */
  errorShape(opts: {
    readonly error: TRPCError;
    readonly type: TRPCProcedureType | "unknown";
    readonly path: string;
    readonly input: unknown;
    readonly ctx: TRoot["ctx"] | undefined;
  }): TRoot["errorShape"];
}

/**
 * The flat table of a router's procedures by dotted path, as tRPC v11 keeps it at run time. Its
 * type says otherwise (`_def.procedures` is typed as the nested record), hence this view.
 */
type ProcedureTable = Readonly<
  Record<string, { readonly _def: { readonly type: TRPCProcedureType } } | undefined>
>;

/**
 * The one place of the server that reads tRPC's internals (`router._def`), for the socket's rpc
 * (`realtime/serveRpc.ts`). tRPC v11 (11.25) has no public way to ask a router whether a dotted
 * path names a procedure and of which type (`createCaller` answers a path that is none with a
 * proxy, and `callTRPCProcedure` needs the type), nor for the root config that its public
 * `getErrorShape` needs. `routerInternals.test.ts` fails if what this reads changes with a tRPC
 * upgrade: it checks the table against the router's public shape and `createCaller`'s own
 * `onError` types, and the error shape against tRPC's HTTP answer for the same error.
 */
export function routerInternals<
  TRoot extends AnyTRPCRootTypes,
  TRecord extends TRPCRouterRecord,
>(router: { readonly _def: TRPCRouterDef<TRoot, TRecord> }): RouterInternals<TRoot> {
  const { _config: config, procedures } = router._def;
  const table = procedures as unknown as ProcedureTable;
  return {
    procedureType: (path) =>
      Object.prototype.hasOwnProperty.call(table, path) ? (table[path]?._def.type ?? null) : null,
    procedurePaths: () => Object.keys(table),
    errorShape: ({ error, type, path, input, ctx }) =>
      getErrorShape({ config, error, type, path, input, ctx }),
  };
}
