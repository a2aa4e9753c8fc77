// A browser's push subscription as PushSubscription.toJSON() gives it, for the suites that only need one the site
// accepts (the route × role matrix, the IDOR sweep, the fuzz): an https endpoint of a push service that is never
// called (the security world has no push job running), and keys of the right lengths.
import crypto from "node:crypto";

export function browserSubscription() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${crypto.randomUUID()}`,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: crypto.randomBytes(16).toString("base64url"),
  };
}
