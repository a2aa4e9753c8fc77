import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import { isAppError } from "#core/shared/app-error.ts";
import { unsubscribeNotices } from "#core/notifications/unsubscribe-notices.ts";

/**
 * POST /unsubscribe/:token: the one-click unsubscribe of RFC 8058. Mail clients post `List-Unsubscribe=One-Click`
 * here with no session and no form token, so this route is exempt from the CSRF check (server/app.ts): it reads no
 * cookie and acts only on what the signed token names (one member's e-mail for one kind, or their digest). A
 * browser (the button on the GET page) is sent back to the page, which says what happened; a mail client gets a
 * plain answer.
 */
export function createUnsubscribeRoutes({ db }: { db: Db }) {
  const routes = new Hono();
  routes.post("/unsubscribe/:token", async (c) => {
    const token = c.req.param("token");
    const browser = (c.req.header("accept") ?? "").includes("text/html");
    const page = `/unsubscribe/${encodeURIComponent(token)}`;
    try {
      const { what } = await unsubscribeNotices({ db }, { token });
      if (browser) return c.redirect(`${page}?done=1`, 303);
      return c.text(`Unsubscribed: we won't e-mail you about ${what} any more.`, 200);
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (browser) return c.redirect(page, 303);
      return c.text(error.message, 400);
    }
  });
  return routes;
}
