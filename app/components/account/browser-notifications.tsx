import { useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const WORKER_URL = "/push-worker.js";
const ENDPOINT = "/account/push-subscription";

type State = "checking" | "unsupported" | "blocked" | "off" | "on";

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Posts the subscription as a form (the site's pages take forms), and reads the JSON answer. */
async function send(method: "POST" | "DELETE", fields: Record<string, string>): Promise<string | null> {
  const response = await fetch(ENDPOINT, { method, body: new URLSearchParams(fields), credentials: "same-origin" });
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: string; redirectTo?: string } | null;
  if (answer?.redirectTo) {
    window.location.assign(answer.redirectTo);
    return "Sign in again to change browser notifications.";
  }
  return answer?.error ?? "Something went wrong. Try again.";
}

/**
 * "Notify this browser" (decision 085, Web Push): drawn only where the site has VAPID keys. It needs JavaScript by
 * nature (the browser's permission, a service worker, a push subscription), so until the page's scripts run it
 * says so instead of showing a button that cannot work.
 */
export function BrowserNotifications({ publicKey }: { publicKey: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("checking");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!hydrated) return;
    if (!supported()) {
      setState("unsupported");
      return;
    }
    if (Notification.permission === "denied") {
      setState("blocked");
      return;
    }
    currentSubscription()
      .then((s) => setState(s ? "on" : "off"))
      .catch(() => setState("off"));
  }, [hydrated]);

  async function start() {
    setBusy(true);
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      const { endpoint, keys } = subscription.toJSON();
      const error = await send("POST", {
        endpoint: endpoint ?? "",
        p256dh: keys?.p256dh ?? "",
        auth: keys?.auth ?? "",
      });
      if (error) {
        await subscription.unsubscribe().catch(() => {});
        setMessage(error);
        setState("off");
        return;
      }
      setMessage("This browser will now show your SwapShed notifications.");
      setState("on");
    } catch {
      setMessage("This browser couldn't turn on notifications. Try again, or use another browser.");
      setState("off");
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    setMessage(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const error = await send("DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
        // Already gone on our side (removed by the service, or by another member's sign-in here): nothing to stop.
        if (error && !/isn't receiving/.test(error)) setMessage(error);
      }
      setMessage((m) => m ?? "This browser won't show SwapShed notifications any more.");
      setState("off");
    } catch {
      setMessage("Something went wrong. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="browser-notifications" className="mt-8 rounded-xl border border-line p-4">
      <h3 id="browser-notifications" className="font-semibold text-ink">
        Notify this browser
      </h3>
      <p className="mt-1 text-sm text-muted">
        Get a notification on this device, even with SwapShed closed, for everything you've turned on “In SwapShed”
        above. It shows what happened, never what someone wrote.
      </p>
      {!hydrated || state === "checking" ? (
        <p className="mt-3 text-sm text-muted">
          Browser notifications need JavaScript; they're set up in this browser.
        </p>
      ) : state === "unsupported" ? (
        <p className="mt-3 text-sm text-muted">This browser can't show notifications from websites.</p>
      ) : state === "blocked" ? (
        <p className="mt-3 text-sm text-muted">
          Notifications from SwapShed are blocked in this browser's settings. Allow them there, then come back.
        </p>
      ) : state === "on" ? (
        <Button type="button" variant="outline" className="mt-3 w-full sm:w-auto" onClick={stop} disabled={busy}>
          Stop notifying this browser
        </Button>
      ) : (
        <Button type="button" className="mt-3 w-full sm:w-auto" onClick={start} disabled={busy}>
          Notify this browser
        </Button>
      )}
      <p role="status" className="mt-2 text-sm text-ink empty:hidden">
        {message}
      </p>
    </section>
  );
}
