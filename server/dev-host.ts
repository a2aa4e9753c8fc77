/** Where `npm run dev` listens: localhost unless HOST is set explicitly (the production default is all interfaces). */
export function devHost(host: string | undefined): string {
  return host?.trim() ? host.trim() : "127.0.0.1";
}
