import { data } from "react-router";
import type { Route } from "./+types/unsubscribe.$token";
import { appContext } from "#app/context.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { BAD_UNSUBSCRIBE_LINK, readUnsubscribeLink } from "#core/notifications/unsubscribe-notices.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | SwapShed" },
  { name: "robots", content: "noindex" },
];

/**
 * The link in a notice e-mail, opened in a browser: what it stops, and a button that posts (never on GET: mail
 * scanners open every link). The POST, from this button or straight from a mail client (RFC 8058), is
 * server/unsubscribe.ts; it comes back here with `?done=1`. No sign-in: the signed link is the proof.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const link = await readUnsubscribeLink(ctx, params.token);
  const done = new URL(request.url).searchParams.get("done") === "1";
  if (!link) return data({ link: null, done: false }, { status: 400 });
  return { link, done };
}

export default function Unsubscribe({ loaderData, params }: Route.ComponentProps) {
  const { link, done } = loaderData;
  return (
    <main id="main" className="py-10">
      <Container>
        <div className="mx-auto max-w-lg rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Unsubscribe</h1>
          {!link ? (
            <p role="alert" className="mt-3 text-danger">
              {BAD_UNSUBSCRIBE_LINK}
            </p>
          ) : link.stopped ? (
            <div role={done ? "status" : undefined}>
              <p className="mt-3">
                {done ? "You're unsubscribed. " : ""}We won't e-mail you about {link.what} any more.
              </p>
              <p className="mt-3 text-sm text-muted">
                You'll still see them in your notification centre if it's on for them. To change what we e-mail, sign in
                and go to{" "}
                <a href="/account/notifications" className="font-semibold text-brand-700 underline">
                  My Account, Notifications
                </a>
                .
              </p>
            </div>
          ) : (
            <form method="post" action={`/unsubscribe/${params.token}`}>
              <p className="mt-3">Stop e-mails about {link.what}?</p>
              <p className="mt-1 text-sm text-muted">Only these e-mails stop; everything else stays as it is.</p>
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <Button type="submit" className="mt-4 w-full sm:w-auto">
                Unsubscribe
              </Button>
            </form>
          )}
        </div>
      </Container>
    </main>
  );
}
