// The one schema barrel: Drizzle (drizzle-kit and the client) needs every table in one object.
export * from "./auth";
export * from "./profiles";
export * from "./listings";
export * from "./favourites";
export * from "./swaps";
export * from "./payments";
export * from "./moderation";
export * from "./audit";
export * from "./flags";
export * from "./ops";
export * from "./email-changes";
export * from "./report-rollups";
export * from "./seed-records";
export * from "./events";
export * from "./conversations";
export * from "./notifications";
export { AU_STATES, type AuState } from "./columns";
export * from "./saved-searches";
