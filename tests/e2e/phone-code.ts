import type { Page } from "@playwright/test";
import pg from "pg";
import { expect } from "./fixtures";

/** The code in the newest text to `to`, as the member reads it (the outbox page; the table on PostgreSQL). */
export async function readTextCode(reader: Page, to: string): Promise<string> {
  const postgres = process.env.E2E_DATABASE_URL;
  let body = "";
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    try {
      const { rows } = await client.query<{ body: string }>(
        "select body from sms_outbox where to_phone = $1 order by seq desc limit 1",
        [to],
      );
      body = rows[0]?.body ?? "";
    } finally {
      await client.end();
    }
  } else {
    await reader.goto("/dev/outbox");
    const texts = reader.getByRole("list", { name: "Text messages, newest first" });
    const text = texts
      .getByRole("listitem")
      .filter({ hasText: `To ${to}` })
      .first();
    await expect(text).toBeVisible();
    body = (await text.textContent()) ?? "";
  }
  const code = body.match(/(\d{6}) is your SwapShed code/)?.[1];
  expect(code, `a code in the text to ${to}`).toBeTruthy();
  return code as string;
}
