import { Form, useNavigation } from "react-router";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { MAX_LOOKING_FOR, MAX_LOOKING_FOR_LENGTH } from "#core/saved-searches/saved-search-rules.ts";

/**
 * "Looking for": things the member wants, one a line. Each becomes a saved search, so they hear when someone lists
 * one (My Account → Saved searches shows them, marked as from this list).
 */
export function LookingForForm({ lookingFor, error }: { lookingFor: string[]; error?: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <AccountSection
      id="looking-for"
      title="Looking for"
      intro="Things you'd like to swap for, one a line (like “kayak” or “ride-on mower”). We'll tell you when someone lists one, and members with those things can find you in Matches for you."
    >
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="looking-for" />
        <Field
          id="lookingFor"
          label="What you're looking for"
          error={error}
          hint={`Up to ${MAX_LOOKING_FOR} things, each up to ${MAX_LOOKING_FOR_LENGTH} characters.`}
        >
          <textarea
            id="lookingFor"
            name="lookingFor"
            rows={4}
            defaultValue={lookingFor.join("\n")}
            className={`${inputClass(error)} py-2`}
            {...describedBy(
              "lookingFor",
              error,
              `Up to ${MAX_LOOKING_FOR} things, each up to ${MAX_LOOKING_FOR_LENGTH} characters.`,
            )}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          Save Looking for
        </Button>
      </Form>
    </AccountSection>
  );
}
