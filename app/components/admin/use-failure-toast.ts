import { useEffect } from "react";
import { toast } from "#app/lib/toast.ts";

/** A back-office action's failure as the spec's toast (the dialog or page also says it in place, for no-JS). */
export function useFailureToast(actionData: unknown) {
  const error =
    actionData && typeof actionData === "object" && "error" in actionData
      ? String((actionData as { error: unknown }).error)
      : null;
  // Keyed on the answer, not the text: the same refusal twice in a row is shown twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new answer from the server
  useEffect(() => {
    if (error) toast.error(error);
  }, [actionData]);
}
