// What a test file of back-office pages starts with: its own database (closed after the file), the real app with
// the local payment provider (tests/support/payment-fixtures.ts) on `clock`, and the caller its routes are
// loaded and posted to with (tests/support/staff-route.ts).
import { afterAll } from "vitest";
import { type Clock, systemClock } from "#core/shared/clock.ts";
import { createPaymentTestApp } from "./payment-fixtures";
import type { RouteCaller } from "./staff-route";
import { createTestDatabase } from "./test-db";

export async function backOfficeSetup({ clock = systemClock }: { clock?: Clock } = {}) {
  const handle = await createTestDatabase();
  afterAll(() => handle.close());
  const testApp = createPaymentTestApp(handle, { clock });
  const caller: RouteCaller = { db: handle.db, clock, provider: testApp.provider, testApp };
  return { handle, db: handle.db, clock, testApp, caller };
}
