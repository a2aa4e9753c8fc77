// What the demo seed has made, remembered after the record itself is gone (decision 066).
import { check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, inList } from "./columns";

export const SEED_RECORD_KINDS = ["staff", "listing"] as const;
export type SeedRecordKind = (typeof SEED_RECORD_KINDS)[number];

/**
 * One row per thing the seed created: a demo staff account (key: its e-mail) or a demo listing (key: its owner's
 * e-mail and title). The seed grants a role only to an account it made (a row here with that account's id), and
 * never makes a listing again once it has made it, even after staff deleted it. Reset Staging Baseline forgets the
 * listings, so the baseline it restores has them all.
 */
export const seedRecords = pgTable(
  "seed_records",
  {
    kind: text("kind", { enum: SEED_RECORD_KINDS }).notNull(),
    key: text("key").notNull(),
    // The id of what was made (user or listing); it may since have been deleted.
    recordId: text("record_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "seed_records_pkey", columns: [t.kind, t.key] }),
    check("seed_records_kind_check", inList(t.kind, SEED_RECORD_KINDS)),
  ],
);
