import type { TRPCRouterRecord } from "@trpc/server";
import { variants } from "@maumau/registry";
import { describeVariant, type VariantSummary } from "../app.js";
import { publicProcedure } from "./trpc.js";

/**
 * The variants are fixed when the server is built, so they are described (their options'
 * JSON Schema included) once, on the first request: building the schemas takes milliseconds
 * of CPU, which every anonymous `variants.list` used to cost again.
 */
let described: readonly VariantSummary[] | undefined;
export const describedVariants = (): readonly VariantSummary[] =>
  (described ??= Object.freeze(variants.map(describeVariant)));

export const variantsRouter = {
  list: publicProcedure.query(() => describedVariants()),
} satisfies TRPCRouterRecord;
