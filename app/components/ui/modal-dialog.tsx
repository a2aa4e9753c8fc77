import type { ReactNode, Ref } from "react";

const WIDTHS = { narrow: "w-[min(28rem,calc(100vw-2rem))]", wide: "w-[min(32rem,calc(100vw-2rem))]" };

type ModalDialogProps = {
  ref: Ref<HTMLDialogElement>;
  /** The id of the dialog's heading, which names it. */
  labelledBy: string;
  /** `narrow` for a question, `wide` for a form. */
  width: keyof typeof WIDTHS;
  children: ReactNode;
};

/** A member-side modal <dialog> over the dimmed page (opened with showModal; Escape closes it). */
export function ModalDialog({ ref, labelledBy, width, children }: ModalDialogProps) {
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`m-auto ${WIDTHS[width]} rounded-2xl p-0 shadow-xl backdrop:bg-ink/50`}
    >
      <div className="p-6">{children}</div>
    </dialog>
  );
}
