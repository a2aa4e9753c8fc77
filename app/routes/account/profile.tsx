import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import type { Route } from "./+types/profile";
import { appContext } from "#app/context.ts";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { FormError, formLevelError } from "#app/components/forms/form-error.tsx";
import { LocationCombobox } from "#app/components/forms/location-combobox.tsx";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { AvatarForm } from "#app/components/account/avatar-form.tsx";
import { LookingForForm } from "#app/components/account/looking-for-form.tsx";
import { PhoneConfirmationForm } from "#app/components/account/phone-confirmation-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formFields, readFormData } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { creditBalance } from "#core/payments/credit-balance.ts";
import { findContactDetails } from "#core/accounts/find-contact-details.ts";
import { removeAvatar } from "#core/accounts/remove-avatar.ts";
import { setAvatar } from "#core/accounts/set-avatar.ts";
import { updateProfile } from "#core/accounts/update-profile.ts";
import { FULL_NAME } from "#core/auth/credential-rules.ts";
import { firstBroken } from "#core/shared/field-rules.ts";
import { findLookingFor, setLookingFor } from "#core/saved-searches/set-looking-for.ts";
import { confirmPhone } from "#core/accounts/confirm-phone.ts";
import { findPhoneConfirmation } from "#core/accounts/find-phone-confirmation.ts";
import { requestPhoneCode } from "#core/accounts/request-phone-code.ts";
import { isOutboxPageEnabled } from "#core/mail/find-outbox.ts";
import { createSmsProvider } from "#core/sms/create-sms-provider.ts";
import { formatMobile } from "#core/sms/phone-number.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Profile | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  return {
    details: await findContactDetails(ctx.db, user.id),
    creditCents: await creditBalance(ctx.db, user.id),
    lookingFor: await findLookingFor(ctx.db, { userId: user.id }),
    phone: await phoneState(ctx.db, user.id, ctx.clock.now()),
    // The demo keeps texts in the outbox: the form says where to read the code.
    smsOutbox: isOutboxPageEnabled(ctx.env) && ctx.env.SMS_PROVIDER === "outbox",
  };
}

/** "Confirm your phone": the numbers as people read them (+61 412 345 678), never the code. */
async function phoneState(db: Parameters<typeof findPhoneConfirmation>[0], userId: string, now: Date) {
  const { phone, confirmedAt, pending } = await findPhoneConfirmation(db, { userId, now });
  return {
    phone: phone && formatMobile(phone),
    confirmedAt,
    pending: pending && { phone: formatMobile(pending.phone), expiresAt: pending.expiresAt },
  };
}

const SAVED: Record<string, string> = {
  details: "Your details have been saved",
  avatar: "Your profile picture has been updated",
  "remove-avatar": "Your profile picture has been removed",
  "looking-for": "Your Looking for list has been saved",
  "phone-confirm": "Your phone is confirmed",
};

/** The phone confirmation's two forms: a refusal shows in that section, not in the details form. */
const PHONE_INTENTS = new Set(["phone-send", "phone-confirm"]);

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const deps = { db: ctx.db, clock: ctx.clock, storage: ctx.storage };
  // Which of the page's two forms a refusal shows on: the picture's until the form says otherwise (a form that
  // could not be read is most likely the picture's upload).
  let intent: string | null = null;
  const onDetails = () =>
    intent !== null && intent !== "avatar" && intent !== "remove-avatar" && !PHONE_INTENTS.has(intent);
  return runAction(
    async () => {
      const form = await readFormData(request);
      const fields = formFields(form);
      intent = fields.intent ?? "";
      if (intent === "avatar") {
        const upload = form.get("avatar");
        const file =
          upload && typeof upload !== "string" && upload.size > 0 ? Buffer.from(await upload.arrayBuffer()) : null;
        return setAvatar(deps, { userId: user.id, file }, ctx.meta);
      }
      if (intent === "remove-avatar") return removeAvatar(deps, { userId: user.id }, ctx.meta);
      if (intent === "looking-for") return setLookingFor(ctx.db, { userId: user.id, text: fields.lookingFor });
      if (intent === "phone-send")
        return requestPhoneCode(
          { db: ctx.db, clock: ctx.clock, sms: createSmsProvider(ctx.env) },
          { userId: user.id, phone: fields.phone },
          ctx.meta,
        );
      if (intent === "phone-confirm")
        return confirmPhone({ db: ctx.db, clock: ctx.clock }, { userId: user.id, code: fields.code }, ctx.meta);
      const text = (name: string) => fields[name] ?? "";
      return updateProfile(
        ctx,
        {
          userId: user.id,
          fullName: text("fullName"),
          nameDisplay: text("nameDisplay"),
          phone: text("phone"),
          location: text("location"),
          picked: { suburb: text("locationSuburb"), state: text("locationState"), postcode: text("locationPostcode") },
        },
        ctx.meta,
      );
    },
    (result) => {
      // "Send code" says where it went; the page then offers the code box.
      if (intent === "phone-send" && result && typeof result === "object" && "message" in result)
        return redirectWithFlash(ctx, "/account#phone-heading", { type: "success", message: String(result.message) });
      const saved = intent !== null && Object.hasOwn(SAVED, intent) ? SAVED[intent] : SAVED.details;
      const to = intent === "phone-confirm" ? "/account#phone-heading" : "/account";
      return redirectWithFlash(ctx, to, { type: "success", message: saved });
    },
    {
      echo: () => ({
        form:
          intent === "looking-for"
            ? ("looking-for" as const)
            : intent === "phone-send" || intent === "phone-confirm"
              ? intent
              : onDetails()
                ? ("details" as const)
                : ("avatar" as const),
      }),
    },
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { details, creditCents } = loaderData;
  const navigation = useNavigation();
  const detailsResult = actionData?.form === "details" ? actionData : undefined;
  const errors = detailsResult?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const shownNameError = nameError ?? errors.fullName;
  // Errors once, in the form (decision 048), and focus on the first thing to fix.
  useEffect(() => {
    if (detailsResult?.error) focusFirstError(formRef.current);
  }, [detailsResult]);
  return (
    <>
      <AccountSection
        id="profile"
        title="Profile"
        intro={
          <>
            {details?.name} · {details?.email}
          </>
        }
      >
        {creditCents > 0 && (
          <p className="mt-4 rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
            Account credit: <strong>${(creditCents / 100).toFixed(2)}</strong>. It pays your next handshake fee first.
          </p>
        )}
        <p className="mt-4 rounded-xl bg-surface p-4 text-sm text-muted">
          Your phone number and suburb are shared only with a swap partner, and only after you have both paid the $9.99
          handshake fee. Your suburb also sets where distances are measured from.
        </p>
        <Form
          ref={formRef}
          method="post"
          className="mt-6 space-y-5"
          noValidate
          onSubmit={(event) => {
            // The server checks the same rules; this only saves a round trip.
            const input = event.currentTarget.elements.namedItem("fullName") as HTMLInputElement;
            const broken = firstBroken(FULL_NAME, input.value) ?? undefined;
            setNameError(broken);
            if (broken) {
              event.preventDefault();
              input.focus();
            }
          }}
        >
          <input type="hidden" name="intent" value="details" />
          <FormError message={formLevelError(detailsResult?.error, detailsResult?.fields)} />
          <Field id="fullName" label="Full Name" error={shownNameError}>
            <input
              id="fullName"
              name="fullName"
              type="text"
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={details?.name ?? ""}
              className={`${inputClass(shownNameError)} h-11`}
              {...describedBy("fullName", shownNameError)}
            />
          </Field>
          <NameDisplayChoice
            name={details?.name ?? ""}
            value={details?.nameDisplay ?? "first_initial"}
            error={errors.nameDisplay}
          />
          <Field
            id="phone"
            label="Phone (optional)"
            error={errors.phone}
            hint={
              loaderData.phone.confirmedAt
                ? "Confirmed by text. A different number loses the Phone confirmed mark until you confirm it."
                : "For example 0412 345 678 or +61 412 345 678"
            }
          >
            <input
              id="phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={details?.phone ?? ""}
              className={`${inputClass(errors.phone)} h-11`}
              {...describedBy("phone", errors.phone, "hint")}
            />
          </Field>
          <LocationCombobox
            id="location"
            name="location"
            label="Suburb"
            placeholder="Start typing a suburb or postcode"
            defaultValue={details?.location ?? undefined}
            error={errors.location}
          />
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Save details
          </Button>
        </Form>
      </AccountSection>
      <PhoneConfirmationForm
        state={loaderData.phone}
        outbox={loaderData.smsOutbox}
        refusal={
          actionData?.form === "phone-send" || actionData?.form === "phone-confirm"
            ? { form: actionData.form, error: actionData.error }
            : undefined
        }
      />
      <AvatarForm
        avatarUrl={details?.avatarUrl ?? null}
        name={details?.name ?? ""}
        error={actionData?.form === "avatar" ? actionData.error : undefined}
      />
      <LookingForForm
        lookingFor={loaderData.lookingFor}
        error={actionData?.form === "looking-for" ? actionData.error : undefined}
      />
    </>
  );
}

/** "Sam T." or "Sam Taylor": how the name shows on the member's public page and in their reviews (decision 094). */
function NameDisplayChoice({ name, value, error }: { name: string; value: string; error?: string }) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const short = words.length > 1 ? `${words[0]} ${words[words.length - 1][0]?.toUpperCase()}.` : name;
  const options = [
    { value: "first_initial", label: `First name and initial (${short || "Sam T."})` },
    { value: "full", label: `Full name (${name || "Sam Taylor"})` },
  ];
  return (
    <fieldset aria-describedby="nameDisplay-hint">
      <legend className="text-sm font-medium text-ink">Name shown to other members</legend>
      <p id="nameDisplay-hint" className="mt-0.5 text-xs text-muted">
        On your public profile page and beside your reviews.
      </p>
      <div className="mt-2 space-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="nameDisplay"
              value={option.value}
              defaultChecked={value === option.value}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
