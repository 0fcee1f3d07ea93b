import type { MatchService } from "../matches/MatchService.js";
import { humanChoice } from "./playServerMatch.js";
import { waitFor } from "./wait.js";

/** A one-game match of "Host" and a bot, created by `client` and played to the end by both. */
export async function playedOut(
  matches: MatchService,
  client: string,
): Promise<{ matchId: string; token: string }> {
  const { matchId, ticket } = await matches.create(
    { variant: "noris", seats: 2, name: "Host", options: { games: 1 } },
    client,
  );
  const token = ticket!.token;
  await matches.addBots({ matchId, token, level: "random" });
  await matches.start({ matchId, token });
  for (let i = 0; ; i++) {
    // The bot moves on its timer: the host's turn comes, or the end.
    let mine = await matches.snapshot({ matchId, token });
    await waitFor(async () => {
      mine = await matches.snapshot({ matchId, token });
      return mine.lobby.status === "over" || mine.legal.length > 0;
    }, 30_000);
    if (mine.lobby.status === "over") return { matchId, token };
    const command = humanChoice(mine.legal)!;
    await matches.command({ matchId, token, commandId: `c${i}`, command });
  }
}
