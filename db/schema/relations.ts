// Drizzle relations (for db.query.*.findMany({ with: ... })). They add no SQL; foreign keys are in the tables.
import { relations } from "drizzle-orm";
import { users } from "./auth";
import { listings } from "./listings";
import { moderationReports } from "./moderation";
import { profiles, userRoles } from "./profiles";
import { reviews, swapProposals } from "./swaps";
import { paymentLogs } from "./payments";

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  roles: many(userRoles),
  listings: many(listings),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}));

export const listingsRelations = relations(listings, ({ one }) => ({
  owner: one(users, { fields: [listings.userId], references: [users.id] }),
  ownerProfile: one(profiles, { fields: [listings.userId], references: [profiles.userId] }),
}));

export const swapProposalsRelations = relations(swapProposals, ({ one, many }) => ({
  targetListing: one(listings, {
    fields: [swapProposals.targetListingId],
    references: [listings.id],
    relationName: "target_listing",
  }),
  offeredListing: one(listings, {
    fields: [swapProposals.offeredListingId],
    references: [listings.id],
    relationName: "offered_listing",
  }),
  proposer: one(users, { fields: [swapProposals.proposerId], references: [users.id], relationName: "proposer" }),
  receiver: one(users, { fields: [swapProposals.receiverId], references: [users.id], relationName: "receiver" }),
  payments: many(paymentLogs),
  reviews: many(reviews),
}));

export const paymentLogsRelations = relations(paymentLogs, ({ one }) => ({
  swap: one(swapProposals, { fields: [paymentLogs.swapProposalId], references: [swapProposals.id] }),
  user: one(users, { fields: [paymentLogs.userId], references: [users.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  swap: one(swapProposals, { fields: [reviews.swapProposalId], references: [swapProposals.id] }),
}));

export const moderationReportsRelations = relations(moderationReports, ({ one }) => ({
  listing: one(listings, { fields: [moderationReports.listingId], references: [listings.id] }),
  reporterProfile: one(profiles, { fields: [moderationReports.reportedBy], references: [profiles.userId] }),
}));
