import { data, Link } from "react-router";
import { ProblemForm } from "#app/components/swaps/problem-form.tsx";
import { SwapProblemStatus } from "#app/components/swaps/swap-problem-status.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { ArrowLeft } from "#app/components/ui/icons.ts";
import { appContext } from "#app/context.ts";
import { readProblemForm } from "#app/lib/read-problem-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { findSwapForProblemReport } from "#core/swaps/find-swap-problems.ts";
import { reportSwapProblem } from "#core/swaps/report-swap-problem.ts";
import { PROBLEM_KIND_LABELS, SWAP_NOT_PAID, SWAP_PROBLEM_KINDS } from "#core/swaps/swap-problem-rules.ts";
import type { Route } from "./+types/my-swaps.$id.problem";

export const meta: Route.MetaFunction = () => [
  { title: "Report a problem | SwapShed" },
  { name: "robots", content: "noindex" },
];

const kinds = SWAP_PROBLEM_KINDS.map((value) => ({ value, label: PROBLEM_KIND_LABELS[value] }));

/** "Report a problem" on a paid swap (decision 097): the form, and where earlier reports stand. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const swap = await findSwapForProblemReport(ctx.db, { swapId: params.id, userId: user.id });
  if (!swap) throw data("Swap not found", { status: 404 });
  return {
    swap: {
      ...swap,
      problems: swap.problems.map((p) => ({ ...p, kindLabel: PROBLEM_KIND_LABELS[p.kind] })),
    },
    kinds,
    notPaid: SWAP_NOT_PAID,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readProblemForm(request);
  if ("refused" in form) return form.refused;
  return runAction(
    async () => {
      // Checked before any picture is read into memory (more than 4 are refused unread).
      const report = await form.read();
      return reportSwapProblem(
        { db: ctx.db, clock: ctx.clock, storage: ctx.storage, env: ctx.env },
        { swapId: params.id, userId: user.id, ...report },
      );
    },
    (reported) =>
      redirectWithFlash(ctx, `/my-swaps/${reported.swapId}/problem`, {
        type: "success",
        message: "Problem reported",
        description: "Our team will look into it. You'll see updates here and in your notifications.",
      }),
    { echo: form.echo },
  );
}

export default function ReportProblem({ loaderData, actionData }: Route.ComponentProps) {
  const { swap, kinds, notPaid } = loaderData;
  const back = swap.conversationId ? `/messages/${swap.conversationId}` : "/my-swaps";
  return (
    <main id="main" className="bg-surface py-6 sm:py-10">
      <Container className="max-w-xl">
        <Link to={back} className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {swap.conversationId ? `Back to your conversation with ${swap.otherName}` : "My Swaps"}
        </Link>
        <div className="mt-3 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Report a problem</h1>
          <p className="mt-1 text-sm text-muted wrap-anywhere">
            Your swap with {swap.otherName}: your <span className="font-semibold text-ink">{swap.mine}</span> for their{" "}
            <span className="font-semibold text-ink">{swap.theirs}</span>
          </p>
          {!swap.paid ? (
            <p role="status" className="mt-4 rounded-lg bg-accent-100 px-3 py-2 text-sm">
              {notPaid}
            </p>
          ) : swap.openByMe ? (
            <p role="status" className="mt-4 text-sm">
              You've already reported a problem on this swap. We'll let you know when it's resolved.
            </p>
          ) : (
            <ProblemForm kinds={kinds} answer={actionData && "error" in actionData ? actionData : undefined} />
          )}
        </div>
        <SwapProblemStatus swapId={swap.id} problems={swap.problems} canReport={false} otherName={swap.otherName} />
      </Container>
    </main>
  );
}
