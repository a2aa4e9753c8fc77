import { AppError } from "./app-error";

export const UNREADABLE_FORM = "The form could not be read. Please try again.";

/**
 * A request's form data (a page's Request, or the API's raw one). A body that is not a readable form (cut short,
 * wrong type or boundary) is the sender's fault: the spec's 400, never a server error.
 */
export async function readFormData(body: { formData: () => Promise<FormData> }): Promise<FormData> {
  try {
    return await body.formData();
  } catch {
    throw new AppError("VALIDATION", UNREADABLE_FORM);
  }
}
