import { describe, expect, test } from "vitest";
import * as outboxPage from "#app/routes/dev.outbox.tsx";
import { requestPhoneCode } from "#core/accounts/request-phone-code.ts";
import { outboxSmsProvider } from "#core/sms/outbox-provider.ts";
import { signUpConfirmedMember } from "../support/api-factories";
import { authTestSetup } from "../support/auth-test-setup";
import { contextFor, type RouteCaller } from "../support/staff-route";
import { requestMeta, TEST_ORIGIN } from "../support/test-app";

// The demo outbox is also the phone's inbox (decision 095): by the mail's rule, a member on the production demo
// reads only the texts sent for their own account; development shows every text.
const { db, clock, testApp, caller, sessionUser } = await authTestSetup();
const meta = requestMeta("198.51.100.95");

type Page = { ownOnly: boolean; texts: { to: string; body: string; template: string | null }[] };
const outboxAs = async (cookie: string, NODE_ENV: "production" | "development") => {
  const demoCaller: RouteCaller = {
    ...caller,
    testApp: { ...testApp, env: { ...testApp.env, NODE_ENV, ALLOW_SEED: true } },
  };
  return (await outboxPage.loader({
    request: new Request(`${TEST_ORIGIN}/dev/outbox`),
    params: {},
    context: contextFor(demoCaller, await sessionUser(cookie)),
  } as never)) as Page;
};

describe("texts on the demo outbox", () => {
  test("a member reads their own code there, never another member's", async () => {
    const kim = await signUpConfirmedMember(testApp, db);
    const lee = await signUpConfirmedMember(testApp, db);
    const deps = { db, clock, sms: outboxSmsProvider };
    await requestPhoneCode(deps, { userId: kim.userId, phone: "0412 950 001" }, meta());
    await requestPhoneCode(deps, { userId: lee.userId, phone: "0412 950 002" }, meta());

    const kims = await outboxAs(kim.cookie, "production");
    expect(kims.ownOnly).toBe(true);
    expect(kims.texts).toEqual([expect.objectContaining({ to: "+61412950001", template: "phone_code" })]);
    expect(kims.texts[0].body).toMatch(/^\d{6} is your SwapShed code to confirm this phone\./);

    // In development the page is the whole outbox.
    const all = await outboxAs(kim.cookie, "development");
    expect(all.texts.map((t) => t.to)).toEqual(expect.arrayContaining(["+61412950001", "+61412950002"]));
  });
});
