import { data, redirect } from "react-router";
import type { Route } from "./+types/passkeys";
import { appContext } from "../../context";
import { AddPasskeyForm } from "../../components/account/add-passkey-form";
import { PasskeyList } from "../../components/account/passkey-list";
import { flashHeader } from "../../lib/flash.server";
import { requireRecentAuth } from "../../lib/require-recent-auth.server";
import { requireUser } from "../../lib/require-user.server";
import { sydneyDateTime } from "../../lib/sydney-format";
import { addPasskey } from "../../../core/auth/add-passkey";
import { describeDevice } from "../../../core/auth/describe-device";
import { findPasskeys } from "../../../core/auth/find-passkeys";
import { removePasskey } from "../../../core/auth/remove-passkey";
import { renamePasskey } from "../../../core/auth/rename-passkey";

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
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const passkeyId = String(form.get("passkeyId") ?? "");
  const deps = { db: ctx.db, clock: ctx.clock, appUrl: ctx.env.APP_URL };
  let result: Awaited<ReturnType<typeof addPasskey | typeof renamePasskey | typeof removePasskey>>;
  if (intent === "add") {
    const input = {
      userId: user.id,
      sessionId: user.session.id,
      name: form.get("name"),
      response: form.get("response"),
    };
    result = await addPasskey(deps, input, ctx.meta);
  } else if (intent === "rename") {
    result = await renamePasskey(deps, { userId: user.id, passkeyId, name: form.get("name") }, ctx.meta);
  } else if (intent === "remove") {
    result = await removePasskey(deps, { userId: user.id, passkeyId }, ctx.meta);
  } else {
    return data({ intent: null, passkeyId: null, error: "Unknown action", field: undefined }, { status: 400 });
  }
  if (!result.ok) {
    const field = "field" in result ? result.field : undefined;
    return data({ intent, passkeyId: passkeyId || null, error: result.message, field }, { status: result.status });
  }
  const flash = await flashHeader({ type: "success", message: FLASH[intent] }, ctx.env.NODE_ENV === "production");
  return redirect("/account/passkeys", { headers: { "Set-Cookie": flash } });
}

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const { passkeys, defaultName } = loaderData;
  return (
    <>
      <section
        aria-labelledby="passkeys-heading"
        className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="passkeys-heading" className="text-lg font-semibold">
          Passkeys
        </h2>
        <p className="mt-1 text-sm text-muted">
          Sign in with your fingerprint, face, screen lock or a security key instead of your password. A passkey checks
          it's you on your device, so it counts as two-step sign-in on its own.
        </p>
        <PasskeyList
          passkeys={passkeys}
          result={actionData?.intent === "rename" || actionData?.intent === "remove" ? actionData : undefined}
        />
      </section>
      <section
        aria-labelledby="add-passkey-heading"
        className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="add-passkey-heading" className="text-lg font-semibold">
          Add a passkey
        </h2>
        <p className="mt-1 text-sm text-muted">
          Your browser will ask you to use this device's screen lock, a password manager, your phone or a security key.
        </p>
        <AddPasskeyForm defaultName={defaultName} result={actionData?.intent === "add" ? actionData : undefined} />
      </section>
    </>
  );
}
