import { gameRouter } from "./gameRouter.js";
import { lobbyRouter } from "./lobbyRouter.js";
import { replayRoomRouter } from "./replayRoomRouter.js";
import { routerInternals } from "./routerInternals.js";
import { ruleSetsRouter } from "./ruleSetsRouter.js";
import { router } from "./trpc.js";
import { variantsRouter } from "./variantsRouter.js";

export const appRouter = router({
  variants: variantsRouter,
  lobby: lobbyRouter,
  game: gameRouter,
  ruleSets: ruleSetsRouter,
  replayRoom: replayRoomRouter,
});

export type AppRouter = typeof appRouter;

/** What tRPC's public API cannot tell of the app router: procedure types, error shapes. */
export const appRouterInternals = routerInternals(appRouter);
