import { expect, type Page } from "@playwright/test";
import pg from "pg";

// Reading a member's mail in the journeys. On the embedded database the production demo shows a signed-in member
// their own mail at /dev/outbox; a production build on PostgreSQL is a real deployment with no such page, so
// there the journeys read the outbox table, as the mail relay would.
const postgres = process.env.E2E_DATABASE_URL;

/** The text of the newest mail to `to` whose subject matches, read by `reader` (a page signed in as that member). */
export async function readMail(reader: Page, to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    try {
      const { rows } = await client.query<{ subject: string; text_body: string }>(
        "select subject, text_body from mail_outbox where to_address = $1 order by seq desc",
        [to],
      );
      const mail = rows.find((row) => subject.test(row.subject));
      expect(mail, `a mail to ${to} matching ${subject}`).toBeTruthy();
      return { subject: mail?.subject ?? "", text: mail?.text_body ?? "" };
    } finally {
      await client.end();
    }
  }
  await reader.goto("/dev/outbox");
  // The subject is matched on its own line (a pattern with ^ and $ must not see the rest of the item's text).
  const item = reader
    .getByRole("listitem")
    .filter({ has: reader.getByText(subject) })
    .filter({ hasText: to })
    .first();
  await expect(item).toBeAttached();
  const summary = await item.locator("summary").textContent();
  return { subject: summary ?? "", text: (await item.locator("pre").textContent()) ?? "" };
}

/** The first link in a mail's text. */
export function linkIn(text: string): string {
  const found = text.match(/https?:\/\/\S+/)?.[0];
  expect(found, "a link in the mail").toBeTruthy();
  return found as string;
}

/**
 * Opens the link in the sign-up mail on `page`, signed in as the member, as a person confirms their address from
 * their mail. Passkeys, an authenticator and a change of address wait for that (decision 067).
 */
export async function confirmAddressFromMail(page: Page, email: string) {
  const mail = await readMail(page, email, /^Confirm your e-mail address for SwapShed$/);
  await page.goto(linkIn(mail.text));
  await expect(page.getByRole("heading", { name: "Your e-mail address is verified" })).toBeVisible();
}
