import { useLocation, useNavigation } from "react-router";
import type { DialogState } from "./action-dialog";
import { useFailureToast } from "./use-failure-toast";

/**
 * A back-office page's dialogs, read the same way on every page: which one the address opens (`?do=...`), the
 * error the page's action answered (also shown as a toast), and `dialog`, what each dialog component is given
 * (closing back to this page, that error, whether a submit is under way).
 */
export function usePageDialog(actionData: unknown) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const params = new URLSearchParams(location.search);
  useFailureToast(actionData);
  const error =
    actionData && typeof actionData === "object" && "error" in actionData
      ? String((actionData as { error: unknown }).error)
      : undefined;
  const dialog: DialogState = { closeTo: location.pathname, error, busy };
  return { open: params.get("do"), params, pathname: location.pathname, error, busy, dialog };
}
