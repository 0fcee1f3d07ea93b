/**
 * @maumau/client: the protocol in one place for every front end (web, CLI, test clients).
 * Types of what the server sends, a typed socket client, and the match feed. The command
 * schema (zod) is a separate entry, `@maumau/client/schema`, so that a page that only shows
 * text does not load zod.
 */
export * from "./protocol.js";
export * from "./replayRoom.js";
export { RemoteRefusal, TransportError, refusalOf, type ErrorShape } from "./errors.js";
export { turnDeadline } from "./turnDeadline.js";
export { seatName, type SeatWords } from "./seatName.js";
export { isShowableText, showable } from "./shownText.js";
export { effectRuleOf, PenaltyRanks, ruleIdOf, type LoggedEvent } from "./ruleRefs.js";
export { withCalls, withoutCalls, type Calls, type PlayCommand } from "./withCalls.js";
export { SocketClient, type SocketApi, type SocketClientOptions } from "./SocketClient.js";
export { MatchFeed, type FeedOptions, type FeedSource, type FeedStats } from "./MatchFeed.js";
export { Pacer } from "./Pacer.js";
export { FrameExpander, joinParts } from "./FrameExpander.js";
export type { ClientCommand } from "./schema.js";
