export { createServer, describeVariant, type Api, type VariantSummary } from "./app.js";
export { ConfigError, defaultConfig, loadConfig, type Config, type LogLevel } from "./config.js";
export { startServer, type RunningServer, type StartOptions } from "./startServer.js";
export type { AppRouter } from "./trpc/appRouter.js";
export type { ClientCommand } from "./matches/commandSchema.js";
export type {
  LobbyView,
  MatchSnapshot,
  MatchStatus,
  SeatView,
  ViewEvent,
} from "./matches/Match.js";
export type {
  CommandResult,
  HistoryResult,
  MatchFrame,
  SeatTicket,
} from "./matches/MatchService.js";
export type { ErrorRefusal, ServerCode } from "./matches/ServiceError.js";
export type { RuleSetRef } from "./ruleSets/ruleSetEvents.js";
export type { RuleSetSummary, SavedRuleSet } from "./ruleSets/RuleSetService.js";
export type { RpcAnswer } from "./realtime/SocketGateway.js";
