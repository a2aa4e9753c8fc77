import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/blocked";
import { appContext } from "#app/context.ts";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { FormError } from "#app/components/forms/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { formatLongDate } from "#core/shared/time.ts";
import { findBlockedMembers } from "#core/conversations/find-blocked-members.ts";
import { unblockMember } from "#core/conversations/unblock-member.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Blocked members | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  return { blocked: await findBlockedMembers(ctx.db, { userId: user.id }) };
}

/** Unblocking lifts only the member's own block (a block the other made stays), and never needs a fresh sign-in. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  return runAction(
    () => unblockMember(ctx.db, { blockerId: user.id, blockedId: form.memberId ?? "" }),
    () => redirectWithFlash(ctx, "/account/blocked", { type: "success", message: "Member unblocked" }),
  );
}

export default function BlockedMembers({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { blocked } = loaderData;
  return (
    <AccountSection
      id="blocked"
      title="Blocked members"
      intro="Members you've blocked can't message you or propose swaps to you, and you can't message them. Unblocking lets you both do so again."
    >
      <FormError message={actionData?.error} className="mt-4" />
      {blocked.length === 0 ? (
        <p className="mt-4 text-sm text-muted">You haven't blocked anyone.</p>
      ) : (
        <ul aria-label="Blocked members" className="mt-4 divide-y divide-line rounded-xl border border-line">
          {blocked.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink">{member.name}</p>
                <p className="text-muted">Blocked {formatLongDate(member.blockedAt)}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="memberId" value={member.id} />
                <Button type="submit" variant="outline" disabled={busy} aria-label={`Unblock ${member.name}`}>
                  Unblock
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
