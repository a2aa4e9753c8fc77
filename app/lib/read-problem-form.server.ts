import { data } from "react-router";
import { isAppError } from "#core/shared/app-error.ts";
import { formHasNul, NUL_REFUSED } from "#core/shared/nul-characters.ts";
import { readProblemInput } from "#core/swaps/report-swap-problem.ts";
import { formFields, readFormData } from "./read-form.server";

/** A "Report a problem" form as its use case takes it: the kind and text, and the pictures read into memory. */
export type ProblemReport = { kind: unknown; details: unknown; files: Buffer[]; names: string[] };

/**
 * The "Report a problem" form of a swap or a swap circle (decisions 097, 112), read and checked before any picture
 * is read into memory: an unreadable form or a NUL character is answered here (400), bad fields and more than 4
 * pictures are refused by the rules the use case applies again. Returns the report and what to echo on a refusal.
 */
export async function readProblemForm(request: Request) {
  const formData = await readFormData(request).catch((error: unknown) => error);
  if (!(formData instanceof FormData) || formHasNul(formData)) {
    const message = isAppError(formData) ? formData.message : NUL_REFUSED;
    return { refused: data({ error: message, fields: {} }, { status: 400 }) } as const;
  }
  const form = formFields(formData);
  // An empty file input still sends one nameless, empty part.
  const parts = formData
    .getAll("pictures")
    .filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);
  const echo = () => ({ kind: String(form.kind ?? ""), details: String(form.details ?? "") });
  const read = async (): Promise<ProblemReport> => {
    readProblemInput({ kind: form.kind, details: form.details, pictures: parts.length });
    return {
      kind: form.kind,
      details: form.details,
      files: await Promise.all(parts.map(async (part) => Buffer.from(await part.arrayBuffer()))),
      names: parts.map((part) => part.name),
    };
  };
  return { read, echo } as const;
}
