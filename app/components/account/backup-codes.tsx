import { KeyRound } from "../ui/icons";
import { buttonClass } from "../ui/button";

/**
 * The 10 backup codes, shown once after turning two-step sign-in on or making new ones: a clear "save these now"
 * and a .txt download that works without JavaScript (a data: link with `download`).
 */
export function BackupCodes({ codes, fresh }: { codes: string[]; fresh: "enrolled" | "regenerated" }) {
  const text = [
    "SwapShed backup codes",
    "Each code signs you in once if you can't use your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 id="backup-codes-heading" className="flex items-center gap-2 font-semibold text-ink">
        <KeyRound className="size-5 text-brand-700" /> Save your backup codes now
      </h3>
      <p className="mt-1 text-sm text-ink">
        {fresh === "regenerated" ? "Your old backup codes no longer work. " : ""}
        If you lose your phone, each of these codes signs you in once. They are shown only this once: download them or
        write them down and keep them somewhere safe.
      </p>
      <ul aria-labelledby="backup-codes-heading" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-3 py-2 text-center tracking-wider ring-1 ring-line">
            {code}
          </li>
        ))}
      </ul>
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        download="swapshed-backup-codes.txt"
        className={buttonClass({ variant: "outline", size: "sm" }, "mt-4")}
      >
        Download as .txt
      </a>
    </div>
  );
}
