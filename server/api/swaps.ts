import { Hono } from "hono";
import type { AppContext } from "../../app/context";
import { startHandshakePayment } from "../../core/payments/start-handshake-payment";
import { AppError } from "../../core/shared/app-error";
import { acceptSwap } from "../../core/swaps/accept-swap";
import { findMySwaps, findSwapForParty } from "../../core/swaps/find-my-swaps";
import { leaveReview } from "../../core/swaps/leave-review";
import { notifySwapEvent } from "../../core/swaps/notify-swap-event";
import { proposeSwap } from "../../core/swaps/propose-swap";
import { rejectSwap } from "../../core/swaps/reject-swap";
import { withdrawSwap } from "../../core/swaps/withdraw-swap";

type Env = { Variables: { ctx: AppContext } };

async function signedIn(ctx: AppContext) {
  const user = await ctx.getUser();
  if (!user) throw new AppError("UNAUTHENTICATED", "Authentication required");
  return user;
}

async function body(request: Request): Promise<Record<string, unknown>> {
  try {
    const json = await request.json();
    return json && typeof json === "object" ? json : {};
  } catch {
    return {};
  }
}

/** A JSON scalar as the text a form field would carry; anything else as it is, for the use case's schema to refuse. */
function asText(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
}

/** /api/v1/swaps: the same use cases as /my-swaps; only the two parties can read or act on a proposal. */
export function createSwapRoutes() {
  const api = new Hono<Env>();

  api.get("/swaps", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    return c.json(await findMySwaps(ctx.db, { userId: user.id, receivedCursor: c.req.query("receivedCursor"), sentCursor: c.req.query("sentCursor") }));
  });

  api.get("/swaps/:id", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swap = await findSwapForParty(ctx.db, { swapId: c.req.param("id"), userId: user.id });
    if (!swap) throw new AppError("NOT_FOUND", "Swap proposal not found");
    return c.json({ swap });
  });

  api.post("/swaps", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await body(c.req.raw);
    // The use case checks these with its zod schema: numbers go as text (as a form would send them); objects and
    // arrays go as they are, to be refused there (String() of `{"toString": 1}` throws: it was a 500).
    const { id } = await proposeSwap(ctx, {
      proposerId: user.id,
      targetListingId: asText(input.targetListingId ?? ""),
      offeredListingId: asText(input.offeredListingId ?? ""),
      message: input.message == null ? undefined : asText(input.message),
    });
    await notifySwapEvent(ctx, { swapId: id, event: "proposed" });
    return c.json({ id }, 201);
  });

  api.post("/swaps/:id/accept", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swapId = c.req.param("id");
    const result = await acceptSwap(ctx, { swapId, actorId: user.id });
    await notifySwapEvent(ctx, { swapId, event: result.status === "completed" ? "completed" : "accepted" });
    for (const closed of result.rejectedIds) await notifySwapEvent(ctx, { swapId: closed, event: "declined" });
    return c.json({ status: result.status });
  });

  api.post("/swaps/:id/decline", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swapId = c.req.param("id");
    await rejectSwap(ctx, { swapId, actorId: user.id });
    await notifySwapEvent(ctx, { swapId, event: "declined" });
    return c.json({ status: "rejected" });
  });

  api.post("/swaps/:id/withdraw", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    await withdrawSwap(ctx, { swapId: c.req.param("id"), actorId: user.id });
    return c.json({ status: "withdrawn" });
  });

  api.post("/swaps/:id/pay", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const swapId = c.req.param("id");
    const result = await startHandshakePayment(
      { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
      { swapId, userId: user.id },
    );
    if (result.kind === "paid") await notifySwapEvent(ctx, { swapId, event: "payment" });
    return c.json(result);
  });

  api.post("/swaps/:id/review", async (c) => {
    const ctx = c.get("ctx");
    const user = await signedIn(ctx);
    const input = await body(c.req.raw);
    const review = await leaveReview(ctx, {
      swapId: c.req.param("id"),
      reviewerId: user.id,
      // As sent: the review schema coerces it (Number() of an object with a broken toString throws: a 500).
      rating: input.rating,
      comment: typeof input.comment === "string" ? input.comment : undefined,
    });
    return c.json(review, 201);
  });

  return api;
}
