import { AppError } from "../shared/app-error";
import { formHasNul, NUL_REFUSED } from "../shared/nul-characters";
import { readFormData } from "../shared/read-form-data";

/**
 * Reads a multipart create- or edit-listing submission into the use cases' input (files as Buffers): the page's
 * action passes its Request, the JSON API its raw Request, so both front doors read the form the same way.
 */
export async function readListingForm(body: { formData: () => Promise<FormData> }) {
  return listingInputFromForm(await readFormData(body));
}

/** The submitted form as the create and update use cases' input: no HTTP in it. */
export async function listingInputFromForm(form: FormData) {
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
  const wantsCategories = form.getAll("wantsCategories").filter((entry): entry is string => typeof entry === "string");
  const fields = {
    title: text("title"),
    description: text("description"),
    wants: text("wants"),
    wantsCategories,
    category: text("category"),
    condition: text("condition"),
    valueMin: text("valueMin"),
    valueMax: text("valueMax"),
    location: text("location"),
    vehicleId: text("vehicleId"),
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
    /** What the member typed, to fill the form again after an error (the ticked categories as one line, "a,b"). */
    echo: { ...fields, wantsCategories: wantsCategories.join(",") },
  };
}
