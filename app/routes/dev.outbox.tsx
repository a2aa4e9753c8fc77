import { Inbox, RefreshCw } from "#app/components/ui/icons.ts";
import { data, redirect } from "react-router";
import type { Route } from "./+types/dev.outbox";
import { appContext } from "../context";
import { OutboxList, sydneyStamp } from "../components/dev/outbox-list";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { isOutboxPageEnabled, findOutbox } from "#core/mail/find-outbox.ts";
import { findSmsOutbox } from "#core/sms/find-sms-outbox.ts";
import { SmsList } from "../components/dev/sms-list";

export const meta: Route.MetaFunction = () => [
  { title: "Mail Outbox | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { db, env } = ctx;
  // A production deployment on its own database has real members' mail: no such page there.
  if (!isOutboxPageEnabled(env)) throw data(null, { status: 404 });
  // On a production demo (embedded database) a member sees only their own account's mail; in development, all.
  let forUserId: string | undefined;
  if (env.NODE_ENV === "production") {
    const user = await ctx.getUser();
    if (!user) throw redirect("/auth");
    forUserId = user.id;
  }
  const mails = await findOutbox(db, { limit: 100, forUserId });
  // Text messages (phone codes, decision 095) by the same rule: a member reads only their own account's.
  const texts = await findSmsOutbox(db, { limit: 100, forUserId });
  return {
    ownOnly: forUserId !== undefined,
    mails: mails.map(({ createdAt, sentAt, ...mail }) => ({
      ...mail,
      createdAt: sydneyStamp(createdAt),
      sentAt: sentAt ? sydneyStamp(sentAt) : null,
    })),
    texts: texts.map(({ createdAt, sentAt, ...text }) => ({
      ...text,
      createdAt: sydneyStamp(createdAt),
      sentAt: sentAt ? sydneyStamp(sentAt) : null,
    })),
  };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { mails, texts, ownOnly } = loaderData;
  return (
    <main id="main" className="py-10">
      <Container>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Mail Outbox</h1>
            <p className="mt-1 text-muted">
              {ownOnly
                ? "The e-mails SwapShed has sent for your account, newest first (the latest 100), including any to a new address you asked to switch to, and below them the text messages (phone codes). Open a mail to read it. Times are Sydney time."
                : "Every e-mail SwapShed has queued, newest first (the latest 100), and below them the text messages. Open a mail to read it. Times are Sydney time."}
            </p>
          </div>
          <ButtonLink to="." variant="outline">
            <RefreshCw className="size-4" aria-hidden="true" />
            Refresh
          </ButtonLink>
        </div>
        {mails.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
            <Inbox className="mx-auto size-10 text-brand-600" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">No mail yet</p>
            <p className="mt-1 text-muted">
              E-mails show up here as soon as the app queues one, for example when someone proposes a swap.
            </p>
          </div>
        ) : (
          <OutboxList mails={mails} />
        )}
        {texts.length > 0 && <SmsList texts={texts} />}
      </Container>
    </main>
  );
}
