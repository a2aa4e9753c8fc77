import { describe, expect, test } from "vitest";
import { z } from "zod";
import { AppError } from "#core/shared/app-error.ts";
import { UNREADABLE_FORM } from "#core/shared/read-form-data.ts";
import { formFields, readForm, readFormData } from "./read-form.server";

const post = (body: BodyInit, headers?: HeadersInit) =>
  new Request("http://localhost/x", { method: "POST", body, headers });

describe("readForm", () => {
  test("the text fields as a plain object: the first value of each, files left out, absent fields absent", async () => {
    const form = new FormData();
    form.append("title", "Ladder");
    form.append("title", "second");
    form.append("picture", new File(["x"], "a.jpg"));
    form.append("__proto__", "a field like any other");
    const fields = await readForm(post(form));
    expect(fields.title).toBe("Ladder");
    expect(fields.picture).toBeUndefined();
    expect(fields.missing).toBeUndefined();
    expect(Object.hasOwn(fields, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  test("with a schema: the parsed value, or an AppError (400) with the rule's message and its field", async () => {
    const schema = z.object({ email: z.string().email("Please enter a valid email"), note: z.string().optional() });
    expect(await readForm(post(new URLSearchParams({ email: "a@b.co" })), schema)).toEqual({ email: "a@b.co" });

    const refused = await readForm(post(new URLSearchParams({ email: "nope" })), schema).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "VALIDATION", message: "Please enter a valid email", status: 400 });
    expect((refused as AppError).details).toEqual({ field: "email" });
  });

  test("a body that is not a form is the spec's 400 refusal, not a 500", async () => {
    const refused = await readFormData(post("{}", { "Content-Type": "application/json" })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "VALIDATION", message: UNREADABLE_FORM, status: 400 });
  });

  test("formFields reads form data already read (an action that also takes files)", () => {
    const form = new FormData();
    form.append("intent", "avatar");
    form.append("avatar", new File(["x"], "me.png"));
    expect(formFields(form)).toEqual({ intent: "avatar" });
  });
});
