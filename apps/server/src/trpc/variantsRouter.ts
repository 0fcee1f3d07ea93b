import type { TRPCRouterRecord } from "@trpc/server";
import { variants } from "@maumau/registry";
import { describeVariant } from "../app.js";
import { publicProcedure } from "./trpc.js";

export const variantsRouter = {
  list: publicProcedure.query(() => variants.map(describeVariant)),
} satisfies TRPCRouterRecord;
