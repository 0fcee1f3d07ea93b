import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { ruleSetName, ruleSetRef, token, version } from "./schemas.js";
import { document } from "./text.js";
import { publicProcedure } from "./trpc.js";

/** C-2.1: rule sets saved on the server under a name, one version per save. */
export const ruleSetsRouter = {
  save: publicProcedure
    .input(
      z
        .object({
          name: ruleSetName,
          document: document(),
          expectedVersion: version.optional(),
          ownerToken: token.optional(),
        })
        .strict(),
    )
    .mutation(({ ctx, input }) => ctx.service.ruleSets.save(input, ctx.client)),

  get: publicProcedure.input(ruleSetRef).query(({ ctx, input }) => ctx.service.ruleSets.get(input)),

  list: publicProcedure
    .input(
      z
        .object({ limit: z.number().int().min(1).max(500).optional() })
        .strict()
        .optional(),
    )
    .query(({ ctx, input }) => ctx.service.ruleSets.list(input?.limit ?? 100)),

  delete: publicProcedure
    .input(
      z
        .object({
          name: ruleSetName,
          expectedVersion: version.optional(),
          ownerToken: token.optional(),
        })
        .strict(),
    )
    .mutation(({ ctx, input }) => ctx.service.ruleSets.delete(input)),
} satisfies TRPCRouterRecord;
