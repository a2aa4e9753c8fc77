// The rules of a message's text as plain data (core/shared/field-rules.ts): the thread page can check them in the
// browser with the server's own words. No imports of the database or of Node: safe in both bundles.
import type { FieldSpec } from "../shared/field-rules";
import { MAX_CONVERSATION_MESSAGE_LENGTH, MAX_MESSAGE_PICTURES } from "#db/schema/conversations.ts";

export const MESSAGE_REQUIRED = "Please write a message.";
export const MESSAGE_TOO_LONG = `Messages can be up to ${MAX_CONVERSATION_MESSAGE_LENGTH.toLocaleString("en-AU")} characters.`;

/** A message carries up to MAX_MESSAGE_PICTURES pictures (the listing form's wording: "You can add up to 8 images"). */
export const TOO_MANY_MESSAGE_PICTURES = `You can add up to ${MAX_MESSAGE_PICTURES} pictures to a message`;
/** The picker's hint: the same types and size as a listing's pictures. */
export const MESSAGE_PICTURES_HINT = `Up to ${MAX_MESSAGE_PICTURES} JPEG, PNG, WEBP or GIF pictures, each under 5MB.`;

/** Characters as the database counts them (code points), so an emoji counts once here and there. */
const characters = (text: string) => Array.from(text).length;

export const messageField: FieldSpec = {
  normalize: (text) => text.trim(),
  rules: [
    [(text) => characters(text) > 0, MESSAGE_REQUIRED],
    [(text) => characters(text) <= MAX_CONVERSATION_MESSAGE_LENGTH, MESSAGE_TOO_LONG],
  ],
};

/** A message with pictures may have no words: then only the length rule applies. */
export const captionField: FieldSpec = {
  normalize: (text) => text.trim(),
  rules: [[(text) => characters(text) <= MAX_CONVERSATION_MESSAGE_LENGTH, MESSAGE_TOO_LONG]],
};
