import { createRng } from "../cards/rng.js";
import { GameDriver } from "../core/driver.js";
import { isRefusal } from "../core/types.js";
import type { AnyVariant } from "../core/variant.js";

type Logged = { readonly type: string; readonly data?: unknown };

/** A whole match played by heuristic bots under `seed`: its full log, as a server keeps it. */
export function botMatchLog(
  variant: AnyVariant,
  open: { players: number; seed: string | number; options?: unknown },
  maxMoves = 50_000,
): Logged[] {
  const driver = GameDriver.open(variant, { options: {}, ...open });
  if (isRefusal(driver)) throw new Error(driver.message.en);
  const random = createRng(open.seed, 99);
  for (let moves = 0; moves < maxMoves; moves++) {
    const { status, toAct } = driver.progress();
    if (status === "matchOver") return driver.events.map((e) => e as Logged);
    const command =
      status === "gameOver"
        ? ({ type: "startNextGame" } as const)
        : driver.botMove(toAct!, "heuristic", random);
    const result = driver.dispatch(command);
    if (!result.ok) throw new Error(`bot move refused: ${result.refusal.code}`);
  }
  throw new Error(`no match end after ${maxMoves} moves`);
}
