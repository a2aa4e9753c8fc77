import { AppError } from "../shared/app-error";
import { formHasNul, NUL_REFUSED } from "../shared/nul-characters";
import { checkMessagePictureCount } from "./message-pictures";

/**
 * A message sent as a multipart form (the thread page's, or an API client's): its words and pictures, as
 * sendMessage takes them. More than 4 pictures are refused before any is read into memory; a NUL in a text field
 * is refused as the request layer refuses it elsewhere (a picture form is parsed once, here).
 */
export async function readMessageForm(form: FormData) {
  if (formHasNul(form)) throw new AppError("VALIDATION", NUL_REFUSED);
  // An empty file input still sends one nameless, empty part.
  const parts = form.getAll("pictures").filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);
  checkMessagePictureCount(parts.length);
  const body = form.get("body");
  return {
    body: typeof body === "string" ? body : "",
    files: await Promise.all(parts.map(async (part) => Buffer.from(await part.arrayBuffer()))),
    names: parts.map((part) => part.name),
  };
}
