import { z } from "zod";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { AppError } from "#core/shared/app-error.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { findMySwaps, findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { leaveReview } from "#core/swaps/leave-review.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { rejectSwap } from "#core/swaps/reject-swap.ts";
import { proposeSwapSchema, reviewSchema } from "#core/swaps/swap-schema.ts";
import { withdrawSwap } from "#core/swaps/withdraw-swap.ts";
import { confirmSwapped } from "#core/swaps/confirm-swapped.ts";
import { REVIEW_TAGS, SWAP_STATUSES } from "#db/schema/swaps.ts";
import { cursorQuery, signedIn } from "./account";
import { createRouter, type Endpoint, isoDateTime, named, pathParam, readJson } from "./contract";
import { idParam, ListingImage } from "./shapes";
import { counterSwap } from "#core/swaps/counter-swap.ts";

const SwapListing = named(
  "SwapListing",
  z.object({
    id: z.guid(),
    title: z.string(),
    images: z.array(ListingImage),
    valueMin: z.number().int(),
    valueMax: z.number().int(),
    viewable: z.boolean().meta({ description: "Whether this member can open the listing (`GET /listings/{id}`)." }),
  }),
);

const BundleListing = named(
  "BundleListing",
  z.object({ id: z.guid(), title: z.string(), valueMin: z.number().int(), valueMax: z.number().int() }),
);

const Swap = named(
  "Swap",
  z
    .object({
      id: z.guid(),
      status: z.enum(SWAP_STATUSES),
      message: z.string().nullable(),
      rejectionReason: z
        .string()
        .nullable()
        .meta({ description: "e.g. 'Listing no longer available' when another offer was accepted." }),
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
      expiresAt: isoDateTime.meta({ description: "A pending proposal expires 48 hours after it was made." }),
      acceptedAt: isoDateTime.nullable(),
      paymentDueAt: isoDateTime
        .nullable()
        .meta({ description: "An accepted swap lapses unless both fees are paid by then." }),
      handshakeAt: isoDateTime
        .nullable()
        .meta({ description: "When both fees were settled (or waived): the swap became 'arranging'." }),
      completedAt: isoDateTime
        .nullable()
        .meta({ description: 'When both confirmed "We\'ve swapped", or 7 days after the handshake.' }),
      completedHow: z.enum(["confirmed", "timed_out"]).nullable(),
      proposerPaid: z.boolean(),
      receiverPaid: z.boolean(),
      myRole: z.enum(["proposer", "receiver"]),
      iPaid: z.boolean(),
      theyPaid: z.boolean(),
      feesWaived: z.boolean().meta({ description: "Swap payments were off when it was accepted: no fee was due." }),
      otherParty: z.object({ id: z.string(), name: z.string() }),
      offered: SwapListing,
      target: SwapListing,
      moreOffered: z
        .array(BundleListing)
        .meta({ description: "A bundle: the proposer's further listings in the deal (up to 2)." }),
      moreWanted: z
        .array(BundleListing)
        .meta({ description: "A bundle: the receiver's further listing in the deal (up to 1)." }),
      myTurn: z.boolean().meta({
        description:
          "Pending: whether you answer the offer on the table (accept, decline or counter); else you made it.",
      }),
      counterRound: z.number().int().min(0).max(5).meta({ description: "How many counter-offers it has had." }),
      contact: z
        .object({ name: z.string(), email: z.string(), phone: z.string().nullable(), location: z.string().nullable() })
        .nullable()
        .meta({ description: "The other party's contact details: from the handshake on (both fees paid)." }),
      myReview: z.object({ rating: z.number().int() }).nullable(),
      underReview: z.boolean().meta({ description: "Staff are looking into a dispute on it." }),
    })
    .meta({
      description:
        "A swap proposal as one of its two parties sees it: `offered` is the proposer's listing, `target` the receiver's.",
    }),
);

const MySwaps = named(
  "MySwaps",
  z.object({
    received: z.array(Swap),
    sent: z.array(Swap),
    nextCursors: z.object({ received: z.string().nullable(), sent: z.string().nullable() }),
  }),
);
const OneSwap = named("OneSwap", z.object({ swap: Swap }));
const SwapId = named("SwapId", z.object({ id: z.guid() }));
const ProposeSwapRequest = named(
  "ProposeSwapRequest",
  proposeSwapSchema
    .extend({
      moreOffered: z.array(z.string()).max(2).optional().meta({
        description: "A bundle: up to 2 more of your own active listings, offered with offeredListingId.",
      }),
      moreWanted: z.array(z.string()).max(1).optional().meta({
        description: "A bundle: 1 more active listing of the same owner as targetListingId, asked for with it.",
      }),
    })
    .meta({
      description:
        "One of your own active listings (or up to 3, a bundle), offered for someone else's active listing (or up to 2 of theirs); the message is optional (1000 characters at most).",
    }),
);
const ReviewRequest = named(
  "ReviewRequest",
  reviewSchema
    .extend({
      tags: z.array(z.enum(REVIEW_TAGS)).max(5).optional().meta({
        description: "Any of the five tags, each once: as_described, on_time, friendly, not_as_described, no_show.",
      }),
    })
    .meta({ description: "1 to 5 stars, optional tags and an optional comment (1000 characters at most)." }),
);
const ReviewId = named(
  "ReviewId",
  z.object({
    id: z.guid(),
    revealed: z.boolean().meta({
      description:
        "Double-blind: true when the other party had reviewed too, so both reviews are now shown; otherwise this one stays hidden until they do, or 14 days after completion.",
    }),
  }),
);
const swapStatus = <const S extends readonly [string, ...string[]]>(id: string, statuses: S) =>
  named(id, z.object({ status: z.enum(statuses) }));
const Accepted = swapStatus("Accepted", ["accepted", "arranging"]);
const Declined = swapStatus("Declined", ["rejected"]);
const Withdrawn = swapStatus("Withdrawn", ["withdrawn"]);
const PaymentStarted = named(
  "PaymentStarted",
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("paid").meta({ description: "Paid at once, from account credit (or no fee was due)." }),
    }),
    z.object({
      kind: z.literal("redirect"),
      url: z.string().meta({ description: "The checkout page to send the member to: the fee is paid there." }),
    }),
  ]),
);

const swapId = { id: idParam("swap") };
const NOT_FOUND = "'Swap proposal not found' (also for a swap you are not a party to).";

export const listSwapsEndpoint = {
  method: "get",
  path: "/swaps",
  operationId: "listSwaps",
  tag: "Swaps",
  summary: "Your swap proposals, received and sent",
  description: "Newest first, 20 a page on each side; each side pages on its own cursor.",
  access: "member",
  query: { receivedCursor: cursorQuery("received proposals"), sentCursor: cursorQuery("sent proposals") },
  responses: { 200: { description: "A page of each.", schema: MySwaps } },
} as const satisfies Endpoint;

export const getSwapEndpoint = {
  method: "get",
  path: "/swaps/:id",
  operationId: "getSwap",
  tag: "Swaps",
  summary: "One of your swaps",
  access: "member",
  params: swapId,
  responses: { 200: { description: "The swap.", schema: OneSwap } },
  errors: { 404: NOT_FOUND },
} as const satisfies Endpoint;

export const proposeSwapEndpoint = {
  method: "post",
  path: "/swaps",
  operationId: "proposeSwap",
  tag: "Swaps",
  summary: "Propose a swap",
  description:
    "The owner of the wanted listing is told by e-mail. 20 offers an hour, 60 a day, and 3 a day on any one listing.",
  access: "member",
  body: { type: "json", schema: ProposeSwapRequest, required: true },
  responses: { 201: { description: "Proposed: the new proposal's id.", schema: SwapId } },
  errors: {
    400: "'Please select a listing to offer', 'The listing you offered is not available', 'One of the other listings you asked for is not available', 'You can offer up to 3 of your listings in one swap', 'You can ask for up to 2 of their listings in one swap' or 'Message too long' (`fields` names the field).",
    403: "'You cannot propose a swap on your own listing'",
    404: "'This listing is no longer available'",
    409: "'You already have a pending proposal for this listing'",
    429: "'You've reached the limit for offers. …' (when you can offer again).",
  },
} as const satisfies Endpoint;

export const acceptSwapEndpoint = {
  method: "post",
  path: "/swaps/:id/accept",
  operationId: "acceptSwap",
  tag: "Swaps",
  summary: "Accept a proposal you received",
  description:
    "Every listing of the deal (both, or all of a bundle's) becomes reserved and every other pending proposal involving any of them is declined ('Listing no longer available'). Then each party pays the AUD 9.99 handshake fee within 48 hours (`POST /swaps/{id}/pay`); when swap payments are off the swap is completed at once.",
  access: "member",
  params: swapId,
  responses: { 200: { description: "Accepted (or arranging, when no fee is due).", schema: Accepted } },
  errors: {
    403: "'Only the receiver can accept this proposal'",
    404: NOT_FOUND,
    409: "'This proposal is no longer pending', 'This proposal has expired' or 'Listing no longer available'.",
  },
} as const satisfies Endpoint;

export const declineSwapEndpoint = {
  method: "post",
  path: "/swaps/:id/decline",
  operationId: "declineSwap",
  tag: "Swaps",
  summary: "Decline a proposal you received",
  access: "member",
  params: swapId,
  responses: { 200: { description: "Declined.", schema: Declined } },
  errors: {
    403: "'Only the receiver can decline this proposal'",
    404: NOT_FOUND,
    409: "'This proposal is no longer pending'",
  },
} as const satisfies Endpoint;

const CounterRequest = named(
  "CounterRequest",
  z
    .object({
      give: z.array(z.string()).max(3).meta({ description: "Your own listings you give (at least one)." }),
      get: z.array(z.string()).max(3).meta({ description: "The other member's listings you ask for." }),
      message: z.string().max(1000).optional(),
    })
    .meta({
      description:
        "Another set of listings for a pending offer made to you. The listing the proposal was made for stays in it; the proposer gives up to 3, the receiver up to 2.",
    }),
);
const Countered = named("Countered", z.object({ round: z.number().int().min(1).max(5) }));

export const counterSwapEndpoint = {
  method: "post",
  path: "/swaps/:id/counter",
  operationId: "counterSwap",
  tag: "Swaps",
  summary: "Answer an offer made to you with a counter-offer",
  description:
    "The other member then answers it (accept, decline or counter), within a fresh 48 hours. At most 5 counter-offers per proposal.",
  access: "member",
  params: swapId,
  body: { type: "json", schema: CounterRequest, required: true },
  responses: { 200: { description: "Countered: the round it is now.", schema: Countered } },
  errors: {
    400: "'Choose at least one of your listings to give', 'One of the listings you give is not available', 'One of the listings you ask for is not available', 'The listing this offer is about stays in it', 'Your counter-offer is the same as the offer: change at least one listing', or a limit.",
    403: "'You made this offer: it is the other member's turn to answer it'",
    404: NOT_FOUND,
    409: "'This proposal is no longer pending', 'This proposal has expired' or 'This offer has been countered 5 times: accept it or decline it'.",
  },
} as const satisfies Endpoint;

export const withdrawSwapEndpoint = {
  method: "post",
  path: "/swaps/:id/withdraw",
  operationId: "withdrawSwap",
  tag: "Swaps",
  summary: "Withdraw a proposal you sent",
  access: "member",
  params: swapId,
  responses: { 200: { description: "Withdrawn.", schema: Withdrawn } },
  errors: {
    403: "'Only the proposer can withdraw this proposal'",
    404: NOT_FOUND,
    409: "'This proposal is no longer pending'",
  },
} as const satisfies Endpoint;

export const paySwapEndpoint = {
  method: "post",
  path: "/swaps/:id/pay",
  operationId: "payHandshakeFee",
  tag: "Payments",
  summary: "Pay your handshake fee for an accepted swap",
  description:
    "Account credit pays first; the rest is paid on the checkout page the answer points to. When both parties have paid, the swap is arranging and each sees the other's contact details.",
  access: "member",
  params: swapId,
  responses: { 200: { description: "Paid, or where to pay.", schema: PaymentStarted } },
  errors: {
    404: NOT_FOUND,
    409: "'This swap is not waiting for payment', 'You have already paid for this swap' or 'The 48 hours to pay for this swap have passed, so it has lapsed.'",
    500: "'We couldn't open the checkout. Please try again.' (the payment provider did not answer).",
  },
} as const satisfies Endpoint;

const Swapped = swapStatus("Swapped", ["arranging", "completed"]);

export const confirmSwappedEndpoint = {
  method: "post",
  path: "/swaps/:id/swapped",
  operationId: "confirmSwapped",
  tag: "Swaps",
  summary: 'Confirm "We\'ve swapped" on a paid swap',
  description:
    "After the handshake (both fees paid) a swap is arranging until both parties confirm the items changed hands: the first confirmation leaves it arranging and tells the other; the second completes it (reviews open). Confirming twice changes nothing. Seven days after the handshake, with no problem reported, it completes on its own.",
  access: "member",
  params: swapId,
  responses: { 200: { description: "Confirmed: still arranging, or now completed.", schema: Swapped } },
  errors: {
    404: NOT_FOUND,
    409: "'This swap is not being arranged: both fees must be settled first, and it must not be completed.'",
  },
} as const satisfies Endpoint;

export const reviewSwapEndpoint = {
  method: "post",
  path: "/swaps/:id/review",
  operationId: "reviewSwap",
  tag: "Swaps",
  summary: "Review the other party of a completed swap",
  access: "member",
  params: swapId,
  body: { type: "json", schema: ReviewRequest, required: true },
  responses: { 201: { description: "Reviewed.", schema: ReviewId } },
  errors: {
    400: "'Rating must be between 1 and 5', 'Review too long' or 'Choose tags from the list' (`fields` names the field).",
    404: NOT_FOUND,
    409: "'You can review a swap once it is completed' or 'You have already reviewed this swap'.",
  },
} as const satisfies Endpoint;

/** A JSON scalar as the text a form field would carry; anything else as it is, for the use case's schema to refuse. */
function asText(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
}

/** /api/v1/swaps: the same use cases as /my-swaps; only the two parties can read or act on a proposal. */
export function createSwapRoutes() {
  const router = createRouter();

  router.add(listSwapsEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    return reply(
      200,
      await findMySwaps(ctx.db, {
        userId: user.id,
        receivedCursor: c.req.query("receivedCursor"),
        sentCursor: c.req.query("sentCursor"),
      }),
    );
  });

  router.add(getSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swap = await findSwapForParty(ctx.db, { swapId: pathParam(c, "id"), userId: user.id });
    if (!swap) throw new AppError("NOT_FOUND", "Swap proposal not found");
    return reply(200, { swap });
  });

  router.add(proposeSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await readJson(c.req.raw);
    // The use case checks these with its zod schema: numbers go as text (as a form would send them); objects and
    // arrays go as they are, to be refused there (String() of `{"toString": 1}` throws: it was a 500).
    const { id } = await proposeSwap(ctx, {
      proposerId: user.id,
      targetListingId: asText(input.targetListingId ?? ""),
      offeredListingId: asText(input.offeredListingId ?? ""),
      // A bundle (decision 103): arrays of listing ids, checked by the use case.
      moreOffered: input.moreOffered,
      moreWanted: input.moreWanted,
      message: input.message == null ? undefined : asText(input.message),
    });
    return reply(201, { id });
  });

  router.add(acceptSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swapId = pathParam(c, "id");
    const result = await acceptSwap(ctx, { swapId, actorId: user.id });
    return reply(200, { status: result.status });
  });

  router.add(declineSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swapId = pathParam(c, "id");
    await rejectSwap(ctx, { swapId, actorId: user.id });
    return reply(200, { status: "rejected" });
  });

  router.add(counterSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await readJson(c.req.raw);
    const { round } = await counterSwap(ctx, {
      swapId: pathParam(c, "id"),
      actorId: user.id,
      give: input.give,
      get: input.get,
      message: input.message == null ? undefined : asText(input.message),
    });
    return reply(200, { round });
  });

  router.add(withdrawSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    await withdrawSwap(ctx, { swapId: pathParam(c, "id"), actorId: user.id });
    return reply(200, { status: "withdrawn" });
  });

  router.add(paySwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swapId = pathParam(c, "id");
    const result = await startHandshakePayment(
      { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
      { swapId, userId: user.id },
    );
    return reply(200, result);
  });

  router.add(confirmSwappedEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const { completed } = await confirmSwapped(ctx, { swapId: pathParam(c, "id"), actorId: user.id });
    return reply(200, { status: completed ? "completed" : "arranging" });
  });

  router.add(reviewSwapEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await readJson(c.req.raw);
    const review = await leaveReview(ctx, {
      swapId: pathParam(c, "id"),
      reviewerId: user.id,
      // As sent: the review schema coerces it (Number() of an object with a broken toString throws: a 500).
      rating: input.rating,
      comment: typeof input.comment === "string" ? input.comment : undefined,
      tags: input.tags,
    });
    return reply(201, review);
  });

  return router;
}
