// The parts of `oidc-provider` (no published types for 9.x here) that tests/support/oidc-provider.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type AnyObject = Record<string, unknown>;
  type KoaContext = {
    type: string;
    body: unknown;
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: Provider;
    };
  };
  class Grant {
    constructor(init: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        adapter: new (model: string) => unknown;
        clients: AnyObject[];
        jwks: { keys: AnyObject[] };
        cookies: { keys: string[] };
        claims: Record<string, string[]>;
        conformIdTokenClaims: boolean;
        features: AnyObject;
        pkce: { required: () => boolean };
        interactions: { url: (ctx: KoaContext, interaction: { uid: string }) => string };
        loadExistingGrant: (ctx: KoaContext) => Promise<Grant | undefined>;
        findAccount: (
          ctx: KoaContext,
          sub: string,
        ) => Promise<{ accountId: string; claims: () => Promise<AnyObject> } | undefined>;
        ttl: Record<string, number>;
        renderError: (ctx: KoaContext, out: AnyObject, error: unknown) => Promise<void>;
      },
    );
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string }; params: AnyObject }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: AnyObject,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
