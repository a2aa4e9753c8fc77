import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { describedBy, Field, inputClass } from "../forms/field";
import { IntentButton } from "../forms/intent-button";
import { Button } from "../ui/button";
import { checkChosenFile } from "#core/listings/listing-schema.ts";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("") || "?";

/**
 * The member's picture: upload (checked again on the server by content, re-encoded to a square WebP without any
 * metadata) or remove. A plain multipart form that works without JavaScript; with it, a file that is not a picture
 * or is too big is refused as soon as it is picked (the spec's messages).
 */
export function AvatarForm({ avatarUrl, name, error }: { avatarUrl: string | null; name: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent")?.toString().includes("avatar");
  const [picked, setPicked] = useState<string | undefined>();
  const shown = picked ?? error;
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [error]);
  return (
    <section aria-labelledby="avatar-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
      <h2 id="avatar-heading" className="text-lg font-semibold">
        Profile picture
      </h2>
      <div ref={errorRef} className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-start">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt={name}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full border border-line object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-2xl font-semibold text-brand-800"
          >
            {initials(name)}
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-4">
          <Form
            method="post"
            encType="multipart/form-data"
            className="space-y-4"
            noValidate
            onSubmit={(event) => {
              const input = event.currentTarget.elements.namedItem("avatar") as HTMLInputElement;
              const file = input.files?.[0];
              const refusal = file ? checkChosenFile(file) : "Please select an image file";
              setPicked(refusal ?? undefined);
              if (refusal) {
                event.preventDefault();
                input.focus();
              }
            }}
          >
            <input type="hidden" name="intent" value="avatar" />
            <Field
              id="avatar"
              label="Choose a picture"
              error={shown}
              hint="A JPEG, PNG, WEBP or GIF image under 5MB. We crop it to a square."
            >
              <input
                id="avatar"
                name="avatar"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  setPicked(file ? (checkChosenFile(file) ?? undefined) : undefined);
                }}
                className={`${inputClass(shown)} py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
                {...describedBy("avatar", shown, "hint")}
              />
            </Field>
            <Button type="submit" disabled={busy}>
              {avatarUrl ? "Replace picture" : "Upload picture"}
            </Button>
          </Form>
          {avatarUrl && (
            <IntentButton intent="remove-avatar" busy={!!busy}>
              Remove picture
            </IntentButton>
          )}
        </div>
      </div>
    </section>
  );
}
