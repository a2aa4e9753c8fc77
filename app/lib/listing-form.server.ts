import { AppError } from "../../core/shared/app-error";
import { formHasNul, NUL_REFUSED } from "../../core/shared/nul-characters";

export const UNREADABLE_FORM = "The form could not be read. Please try again.";

/**
 * Reads a multipart create- or edit-listing submission into the use cases' input (files as Buffers). A body that is not
 * a readable form (truncated, wrong boundary) is the sender's fault: VALIDATION, never a server error.
 */
export async function readListingForm(request: Request) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("VALIDATION", UNREADABLE_FORM);
  }
  // Read here rather than by the app's middleware (a picture form is parsed once): a NUL fails any query.
  if (formHasNul(form)) throw new AppError("VALIDATION", NUL_REFUSED);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const files: Buffer[] = [];
  // Beside the files, so that a refusal can say which picture it is about.
  const names: string[] = [];
  for (const entry of form.getAll("images")) {
    // An empty file input still sends one nameless, empty part.
    if (typeof entry !== "string" && entry.size > 0) {
      files.push(Buffer.from(await entry.arrayBuffer()));
      names.push(entry.name);
    }
  }
  const fields = {
    title: text("title"),
    description: text("description"),
    category: text("category"),
    condition: text("condition"),
    valueMin: text("valueMin"),
    valueMax: text("valueMax"),
    location: text("location"),
  };
  // The edit form's pictures to keep (its "Keep" boxes), in the order shown.
  const keep = form.getAll("keepImages").filter((entry): entry is string => typeof entry === "string" && entry !== "");
  // With JavaScript, the edit form's order of every picture (kept keys and "new:N" for the N-th new file).
  const order = form.getAll("pictureOrder").filter((entry): entry is string => typeof entry === "string");
  return {
    fields,
    keep,
    order: order.length > 0 ? order : undefined,
    names,
    picked: { suburb: text("locationSuburb"), state: text("locationState"), postcode: text("locationPostcode") },
    files,
    /** What the member typed, to fill the form again after an error. */
    echo: fields,
  };
}
