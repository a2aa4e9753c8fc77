import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/notifications";
import { appContext } from "#app/context.ts";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { BrowserNotifications } from "#app/components/account/browser-notifications.tsx";
import { FormError } from "#app/components/forms/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { kindRow } from "#core/notifications/notification-kinds.ts";
import { memberPreferences } from "#core/notifications/notice-preferences.ts";
import { pushConfigFromEnv } from "#core/notifications/push-settings.ts";
import { type NoticeChoice, saveNoticePreferences } from "#core/notifications/save-notice-preferences.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Notifications | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const preferences = await memberPreferences(ctx.db, user.id);
  // Web Push only where the VAPID keys are configured: otherwise the page has no trace of it (decision 085).
  const push = pushConfigFromEnv(ctx.env);
  return {
    pushPublicKey: push?.publicKey ?? null,
    preferences: preferences.map((p) => ({
      ...p,
      digestLabel: kindRow(p.kind).digestAfterMinutes ? "If unread after an hour" : "Daily digest (7 am)",
    })),
  };
}

/** The form posts, for every kind, `email:<kind>` (a radio) and `inApp:<kind>` when its box is ticked. */
function choicesOf(form: Readonly<Record<string, string | undefined>>): NoticeChoice[] {
  return Object.keys(form)
    .filter((name) => name.startsWith("email:"))
    .map((name) => {
      const kind = name.slice("email:".length);
      return { kind, email: form[name] ?? "", inApp: form[`inApp:${kind}`] === "on" };
    });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  return runAction(
    () => saveNoticePreferences(ctx, { userId: user.id, choices: choicesOf(form) }),
    () => redirectWithFlash(ctx, "/account/notifications", { type: "success", message: "Notification settings saved" }),
  );
}

const EMAIL_OPTIONS = [
  { value: "immediately", label: "Immediately" },
  { value: "digest", label: null },
  { value: "off", label: "Off" },
] as const;

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <AccountSection
      id="notifications"
      title="Notifications"
      intro="Choose, for each kind of news, whether it shows in your notification centre (the bell) and how we e-mail you about it. E-mails about your account's security (sign-in codes, password resets, address changes) always go."
    >
      <FormError message={actionData?.error} className="mt-4" />
      <Form method="post" className="mt-4">
        <ul className="divide-y divide-line rounded-xl border border-line">
          {loaderData.preferences.map((p) => (
            <li key={p.kind} className="p-4">
              <fieldset>
                <legend className="font-semibold text-ink">{p.label}</legend>
                <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start sm:gap-6">
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={`inApp:${p.kind}`}
                      defaultChecked={p.inApp}
                      className="size-5 shrink-0 accent-brand-700"
                    />
                    In SwapShed (the bell)
                  </label>
                  <fieldset>
                    <legend className="text-sm text-muted">E-mail</legend>
                    <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                      {EMAIL_OPTIONS.map((o) => (
                        <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
                          <input
                            type="radio"
                            name={`email:${p.kind}`}
                            value={o.value}
                            defaultChecked={p.email === o.value}
                            className="size-5 shrink-0 accent-brand-700"
                          />
                          {o.label ?? p.digestLabel}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          A digest lists what you haven't read yet in one e-mail; anything you've already seen in SwapShed is left out.
        </p>
        <Button type="submit" className="mt-4 w-full sm:w-auto" disabled={busy}>
          Save notification settings
        </Button>
      </Form>
      {loaderData.pushPublicKey ? <BrowserNotifications publicKey={loaderData.pushPublicKey} /> : null}
    </AccountSection>
  );
}
