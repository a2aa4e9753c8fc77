// axe (document-title): /account/identities on a deployment without an identity provider is a 404 that has the
// site's 404 title, shown inside My Account's frame.
import { UNSAFE_ErrorResponseImpl } from "react-router";
import { afterAll, expect, test } from "vitest";
import { pageNotFoundMeta } from "#app/components/layout/page-not-found.tsx";
import * as identitiesPage from "#app/routes/account/identities.tsx";
import { findSessionUser, type SessionUser } from "#core/auth/find-session-user.ts";
import { signUpMember } from "../support/api-factories";
import { contextFor, type RouteCaller } from "../support/staff-route";
import { controlledClock } from "../support/test-clock";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
afterAll(() => closeTestDatabase(handle));
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const caller: RouteCaller = { db: handle.db, clock, provider: undefined as never, testApp };

test("without an identity provider the page is a 404 titled 'Page not found | SwapShed'", async () => {
  const member = await signUpMember(testApp);
  const user = (await findSessionUser(
    { db: handle.db, auth: testApp.auth },
    new Headers({ cookie: member.cookie }),
  )) as SessionUser;
  let thrown: unknown;
  try {
    await identitiesPage.loader({
      request: new Request(`${TEST_ORIGIN}/account/identities`),
      params: {},
      context: contextFor(caller, user),
    } as never);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
  // What React Router hands the route's meta and ErrorBoundary for that 404.
  const error = new UNSAFE_ErrorResponseImpl(404, "Not Found", null);
  expect(identitiesPage.meta({ error } as never)).toEqual(pageNotFoundMeta);
});
