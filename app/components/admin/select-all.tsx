import { useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * A "select every row on this page" checkbox for a list whose rows carry checkboxes named `name` inside the form
 * `formId`. Checked when every row is, mixed (indeterminate, announced as such) when some are. It needs
 * JavaScript to do anything, so it is not drawn until the page runs it: no control that does nothing.
 */
export function SelectAll({ formId, name, label }: { formId: string; name: string; label: string }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"none" | "some" | "all">("none");

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const read = () => {
      const rows = [...form.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name="${name}"]`)];
      const checked = rows.filter((r) => r.checked).length;
      setState(checked === 0 ? "none" : checked === rows.length ? "all" : "some");
    };
    read();
    form.addEventListener("change", read);
    return () => form.removeEventListener("change", read);
  });

  useEffect(() => {
    if (box.current) box.current.indeterminate = state === "some";
  }, [state]);

  if (!hydrated) return null;
  return (
    <label className="inline-flex h-8 items-center gap-2 rounded-md border border-line bg-white px-3 font-medium">
      <input
        ref={box}
        type="checkbox"
        className="size-4"
        checked={state === "all"}
        onChange={(event) => {
          const form = document.getElementById(formId);
          for (const row of form?.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name="${name}"]`) ?? []) {
            row.checked = event.target.checked;
          }
          setState(event.target.checked ? "all" : "none");
        }}
      />
      {label}
    </label>
  );
}
