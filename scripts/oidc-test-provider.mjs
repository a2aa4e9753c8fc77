// The local OpenID provider for the browser journeys (playwright.config.ts starts it before the app, whose
// generic OIDC provider discovers it at boot). Port from OIDC_TEST_PORT; the app's callback from OIDC_TEST_APP_URL.
// Stops on SIGINT/SIGTERM and frees its port, so scripts/test.mjs can start it again for the PostgreSQL run.
import { startOidcProvider } from "../tests/support/oidc-provider.ts";

const appUrl = (process.env.OIDC_TEST_APP_URL ?? "http://localhost:3210").replace(/\/+$/, "");
const provider = await startOidcProvider({
  port: Number(process.env.OIDC_TEST_PORT ?? 4210),
  redirectUris: [`${appUrl}/api/auth/callback/oidc`],
  clientId: process.env.OIDC_TEST_CLIENT_ID,
  clientSecret: process.env.OIDC_TEST_CLIENT_SECRET,
});
console.log(`Test OpenID provider on ${provider.issuer}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    provider.close().then(() => process.exit(0));
  });
}
