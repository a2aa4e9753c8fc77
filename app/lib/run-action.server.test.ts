import { redirect } from "react-router";
import { describe, expect, test } from "vitest";
import { AppError } from "#core/shared/app-error.ts";
import { runAction } from "./run-action.server";

/** What react-router answers for a `data(...)` value: its body and status. */
const answer = (value: unknown) => value as { data: unknown; init: { status?: number } | null };

describe("runAction", () => {
  test("success: the use case's value goes to onSuccess, whose answer is the action's", async () => {
    const result = await runAction(
      async () => ({ id: "L1" }),
      (value) => redirect(`/listings/${value.id}`),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/listings/L1");
  });

  test("an AppError becomes the page's error, the field it names and its HTTP status", async () => {
    const result = answer(
      await runAction(
        async () => {
          throw new AppError("VALIDATION", "Please choose a reason", { field: "reason" });
        },
        () => "never",
      ),
    );
    expect(result.data).toEqual({ error: "Please choose a reason", fields: { reason: "Please choose a reason" } });
    expect(result.init?.status).toBe(400);

    const conflict = answer(
      await runAction(
        async () => {
          throw new AppError("CONFLICT", "You've already proposed a swap for this item");
        },
        () => "never",
        { echo: () => ({ values: { message: "hello" } }) },
      ),
    );
    expect(conflict.data).toEqual({
      error: "You've already proposed a swap for this item",
      fields: {},
      values: { message: "hello" },
    });
    expect(conflict.init?.status).toBe(409);
  });

  test("a refusal naming several fields gives each its own message", async () => {
    const result = answer(
      await runAction(
        async () => {
          throw new AppError("VALIDATION", "Title is required", {
            fields: { title: "Title is required", category: "Please choose a category" },
          });
        },
        () => "never",
      ),
    );
    expect(result.data).toEqual({
      error: "Title is required",
      fields: { title: "Title is required", category: "Please choose a category" },
    });
    expect(result.init?.status).toBe(400);
  });

  test("onRefusal decides what a refusal answers (a redirect back with the message)", async () => {
    const result = await runAction(
      async () => {
        throw new AppError("NOT_FOUND", "Swap not found");
      },
      () => redirect("/paid"),
      {
        onRefusal: (refusal) =>
          redirect(`/back?${new URLSearchParams({ m: refusal.message, s: String(refusal.status) })}`),
      },
    );
    expect(result.headers.get("Location")).toBe("/back?m=Swap+not+found&s=404");
  });

  test("anything else is rethrown: a bug goes to the error page, a guard's redirect goes through", async () => {
    const bug = new TypeError("x is undefined");
    await expect(
      runAction(
        async () => {
          throw bug;
        },
        () => "never",
      ),
    ).rejects.toBe(bug);
    const signIn = redirect("/auth");
    await expect(
      runAction(
        async () => {
          throw signIn;
        },
        () => "never",
        { unexpected: { message: "Failed to send proposal", log: "propose failed" } },
      ),
    ).rejects.toBe(signIn);
  });

  test("where the spec has a text for it, an unexpected failure is that text with 500", async () => {
    process.env.LOG_LEVEL = "silent";
    const result = answer(
      await runAction(
        async () => {
          throw new Error("connection reset");
        },
        () => "never",
        { unexpected: { message: "Failed to send proposal", log: "propose failed" } },
      ),
    );
    expect(result.data).toEqual({ error: "Failed to send proposal", fields: {} });
    expect(result.init?.status).toBe(500);
  });

  test("onSuccess is not guarded: an AppError it throws is not turned into a refusal", async () => {
    const late = new AppError("CONFLICT", "late");
    await expect(
      runAction(
        async () => 1,
        () => {
          throw late;
        },
      ),
    ).rejects.toBe(late);
  });
});
