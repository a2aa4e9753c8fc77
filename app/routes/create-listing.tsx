import { data, redirect } from "react-router";
import type { Route } from "./+types/create-listing";
import { appContext } from "../context";
import { isAppError } from "../../core/shared/app-error";
import { ListingForm } from "../components/listings/form/listing-form";
import { Container } from "../components/ui/container";
import { flashHeader } from "../lib/flash.server";
import { readListingForm } from "../lib/listing-form.server";
import { requireUser } from "../lib/require-user.server";
import { createListing } from "../../core/listings/create-listing";
import { getProfileSuburb } from "../../core/users/get-profile-suburb";

export const meta: Route.MetaFunction = () => [{ title: "List an item | SwapShed" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // The Location field starts from the member's profile suburb (they can change it for this listing).
  return { profileSuburb: await getProfileSuburb(ctx.db, user.id) };
}

/** The no-JavaScript path; with JavaScript the form posts to /api/v1/listings, which calls the same use case. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  let input: Awaited<ReturnType<typeof readListingForm>>;
  try {
    input = await readListingForm(request);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message, fields: {} as Record<string, string>, values: {} as Record<string, string> }, { status: error.status });
    throw error;
  }
  const result = await createListing(ctx, { ownerId: user.id, ...input });
  if (!result.ok) {
    return data({ error: result.message, fields: result.fields ?? {}, values: input.echo }, { status: result.status });
  }
  return redirect("/my-listings", {
    headers: { "Set-Cookie": await flashHeader({ type: "success", message: "Listing created successfully!" }, ctx.env.NODE_ENV === "production") },
  });
}

export default function CreateListing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="bg-surface py-10 sm:py-14">
      <Container className="max-w-2xl">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">List an item</h1>
          <p className="mt-1 text-sm text-muted">Listing is free. You only pay the $9.99 handshake fee once a swap is accepted.</p>
          <div className="mt-6">
            <ListingForm result={actionData} defaultLocation={loaderData.profileSuburb ?? undefined} />
          </div>
        </div>
      </Container>
    </main>
  );
}
