import { useEffect, useState } from "react";

/**
 * Whether this browser can use passkeys: the same test as @simplewebauthn/browser's browserSupportsWebAuthn,
 * made after hydration (the server cannot know), without loading the library on every page that offers passkeys.
 */
export function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  return supported;
}

/** The WebAuthn ceremonies, loaded when a member starts one. */
export const loadWebAuthn = () => import("@simplewebauthn/browser");

export type OptionsAnswer<T> = { options: T } | { redirectTo: string } | { error: string };

/** POSTs to one of our passkey endpoints (same-origin, so the CSRF check passes) and reads its JSON answer. */
export async function postForJson<T>(url: string, form: Record<string, string> = {}): Promise<T | { error: string }> {
  try {
    const response = await fetch(url, { method: "POST", body: new URLSearchParams(form), credentials: "same-origin" });
    return (await response.json()) as T;
  } catch {
    return { error: "We couldn't reach SwapShed. Check your connection and try again." };
  }
}

/** A person's reading of why the browser's passkey step did not finish. */
export function describeCeremonyError(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return "This device already has a passkey for your account.";
  }
  if (name === "NotAllowedError" || name === "AbortError")
    return "The passkey request was cancelled or timed out. Please try again.";
  if (name === "SecurityError") return "Passkeys can't be used on this address.";
  return "Your browser couldn't use a passkey. Please try again.";
}
