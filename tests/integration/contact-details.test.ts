import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { profiles } from "#db/schema/profiles.ts";
import { updateContactDetails } from "#core/accounts/update-contact-details.ts";
import { signUpMember } from "../support/api-factories";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const testApp = createTestApp(handle, { authAddressLimit: 1000 });
afterAll(() => handle.close());

test("a member saves a phone number and a suburb from the list", async () => {
  const member = await signUpMember(testApp, { name: "Phoebe Lane" });
  await updateContactDetails(handle.db, { userId: member.userId, phone: "0412 345 678", location: "Bondi NSW 2026" });
  const [row] = await handle.db.select().from(profiles).where(eq(profiles.userId, member.userId));
  expect(row).toMatchObject({ phone: "0412 345 678", suburb: "Bondi", postcode: "2026", location: "Bondi NSW 2026" });
  expect(row.latitude).not.toBeNull();
});

test("a bad phone number or an unknown suburb is refused and nothing changes", async () => {
  const member = await signUpMember(testApp, { name: "Quinn Hale" });
  for (const phone of ["12345", "call me maybe", "0".repeat(21)]) {
    await expect(updateContactDetails(handle.db, { userId: member.userId, phone, location: "" })).rejects.toMatchObject(
      {
        status: 400,
        message: "Phone number must be 8 to 20 digits, spaces, dashes, brackets or plus",
        details: { field: "phone" },
      },
    );
  }
  await expect(
    updateContactDetails(handle.db, { userId: member.userId, phone: "", location: "Atlantis 9999" }),
  ).rejects.toMatchObject({
    status: 400,
    message: "Please choose a suburb from the list",
    details: { field: "location" },
  });
  const [row] = await handle.db.select().from(profiles).where(eq(profiles.userId, member.userId));
  expect(row.phone).toBeNull();
  expect(row.location).toBeNull();
});
