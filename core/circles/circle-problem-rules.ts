// "Report a problem" on a swap circle (decision 112): the words members see where they differ from a swap's. No node
// imports: the pages import these.

export const CIRCLE_NOT_PAID =
  "You can report a problem once every fee in the swap circle is paid. Before then, you can decline the swap circle.";
export const CIRCLE_PROBLEM_ALREADY_OPEN =
  "You've already reported a problem on this swap circle. We're looking into it.";

/** A circle is paid once its handshake happened: it is being arranged, or completed. */
export const isPaidCircle = (circle: { status: string }) =>
  circle.status === "arranging" || circle.status === "completed";
