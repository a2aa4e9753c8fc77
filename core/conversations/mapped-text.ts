// Text rewritten for contact-detail detection that still knows, for each of its characters, which characters of
// the message as typed it came from: a match found in the rewritten text is masked over exactly what the member
// typed ("oh four one two …" is found as "0412…" but the mask covers the words).

/** `from[i]`..`to[i]` is the span of the original text that character `i` of `text` stands for. */
export type MappedText = { text: string; from: number[]; to: number[] };

/** Part of a rewrite: `text` stands for characters `start`..`end` of the match being rewritten. */
export type Piece = { text: string; start: number; end: number };

export function mapText(text: string): MappedText {
  const from = Array.from({ length: text.length }, (_, i) => i);
  return { text, from, to: from.map((i) => i + 1) };
}

/**
 * Rewrites every match of `pattern` (a global regex) with the pieces `replace` gives, or leaves it as it is when
 * `replace` gives null. A piece with empty text drops what it stands for.
 */
export function rewrite(
  source: MappedText,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => Piece[] | null,
): MappedText {
  const out: MappedText = { text: "", from: [], to: [] };
  const parts: string[] = [];
  const keep = (start: number, end: number) => {
    parts.push(source.text.slice(start, end));
    out.from.push(...source.from.slice(start, end));
    out.to.push(...source.to.slice(start, end));
  };
  let done = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(source.text); match; match = pattern.exec(source.text)) {
    if (match[0] === "") {
      pattern.lastIndex++;
      continue;
    }
    const pieces = replace(match);
    if (!pieces) continue;
    keep(done, match.index);
    for (const piece of pieces) {
      if (piece.text === "" || piece.end <= piece.start) continue;
      const from = source.from[match.index + piece.start];
      const to = source.to[match.index + piece.end - 1];
      parts.push(piece.text);
      for (let i = 0; i < piece.text.length; i++) {
        out.from.push(from);
        out.to.push(to);
      }
    }
    done = match.index + match[0].length;
  }
  keep(done, source.text.length);
  out.text = parts.join("");
  return out;
}

/** The span of the original text that characters `start`..`end` of the rewritten text stand for. */
export function originalSpan(mapped: MappedText, start: number, end: number): { start: number; end: number } {
  return { start: mapped.from[start], end: mapped.to[end - 1] };
}
