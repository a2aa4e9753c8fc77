import { data } from "react-router";
import type { Route } from "./+types/passkeys";
import { appContext } from "#app/context.ts";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { AddPasskeyForm } from "#app/components/account/add-passkey-form.tsx";
import { PasskeyList } from "#app/components/account/passkey-list.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { requireRecentAuth } from "#app/lib/require-recent-auth.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { addPasskey } from "#core/auth/add-passkey.ts";
import { describeDevice } from "#core/auth/describe-device.ts";
import { findPasskeys } from "#core/auth/find-passkeys.ts";
import { removePasskey } from "#core/auth/remove-passkey.ts";
import { renamePasskey } from "#core/auth/rename-passkey.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Passkeys | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const passkeys = await findPasskeys(ctx.db, { userId: user.id });
  return {
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name ?? "Unnamed passkey",
      added: sydneyDateTime(p.createdAt),
      sync: p.backedUp
        ? ("synced" as const)
        : p.deviceType === "multiDevice"
          ? ("not-backed-up" as const)
          : ("device" as const),
    })),
    // A name to start from: the browser and system the passkey is being made on.
    defaultName: describeDevice(ctx.meta.userAgent) ?? "My passkey",
  };
}

const FLASH = { add: "Passkey added", rename: "Passkey renamed", remove: "Passkey removed" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // Passkeys sign in on their own: every change needs a sign-in or a proof of the last 10 minutes.
  await requireRecentAuth(ctx, request, user);
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const passkeyId = form.passkeyId ?? "";
  const deps = { db: ctx.db, clock: ctx.clock, appUrl: ctx.env.APP_URL };
  if (intent !== "add" && intent !== "rename" && intent !== "remove") {
    return data({ intent: null, passkeyId: null, error: "Unknown action", fields: {} }, { status: 400 });
  }
  return runAction(
    () =>
      intent === "add"
        ? addPasskey(
            deps,
            { userId: user.id, sessionId: user.session.id, name: form.name, response: form.response },
            ctx.meta,
          )
        : intent === "rename"
          ? renamePasskey(deps, { userId: user.id, passkeyId, name: form.name }, ctx.meta)
          : removePasskey(deps, { userId: user.id, passkeyId }, ctx.meta),
    () => redirectWithFlash(ctx, "/account/passkeys", { type: "success", message: FLASH[intent] }),
    { echo: () => ({ intent, passkeyId: passkeyId || null }) },
  );
}

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const { passkeys, defaultName } = loaderData;
  return (
    <>
      <AccountSection
        id="passkeys"
        title="Passkeys"
        intro="Sign in with your fingerprint, face, screen lock or a security key instead of your password. A passkey checks it's you on your device, so it counts as two-step sign-in on its own."
      >
        <PasskeyList
          passkeys={passkeys}
          result={actionData?.intent === "rename" || actionData?.intent === "remove" ? actionData : undefined}
        />
      </AccountSection>
      <AccountSection
        id="add-passkey"
        title="Add a passkey"
        intro="Your browser will ask you to use this device's screen lock, a password manager, your phone or a security key."
      >
        <AddPasskeyForm defaultName={defaultName} result={actionData?.intent === "add" ? actionData : undefined} />
      </AccountSection>
    </>
  );
}
