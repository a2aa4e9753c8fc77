import { Form, Link, useNavigation } from "react-router";
import { Mail } from "#app/components/ui/icons.ts";
import { authHref } from "#app/lib/auth-links.ts";
import { buttonClass } from "#app/components/ui/button.tsx";

/** Signed-out "Message": after signing in (or up) the visitor is back on the listing, where the button now posts. */
export const messageSignInHref = (listingId: string) =>
  authHref({ reason: "message", redirectTo: `/listings/${listingId}` });

/**
 * "Message" on a listing: a form that posts (so it works before and without JavaScript) to the listing's action,
 * which opens or continues the member's thread about it and goes there. A visitor gets a link to sign in instead.
 * A refusal (a limit reached) is said under it.
 */
export function MessageButton({
  listingId,
  signedIn,
  error,
  className = "",
}: {
  listingId: string;
  signedIn: boolean;
  error?: string | null;
  className?: string;
}) {
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" && navigation.formData?.get("intent") === "message";
  const look = buttonClass({ variant: "outline", size: "lg" }, "w-full");
  const label = (
    <>
      <Mail className="size-4" aria-hidden="true" />
      Message
    </>
  );
  if (!signedIn) {
    return (
      <div className={className}>
        <Link to={messageSignInHref(listingId)} className={look}>
          {label}
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value="message" />
      <button type="submit" className={look} aria-disabled={opening || undefined}>
        {label}
      </button>
      {error && (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
    </Form>
  );
}
