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
import { CIRCLE_NOT_PAID, isPaidCircle } from "#core/circles/circle-problem-rules.ts";
import { findCircleProblemsForMember } from "#core/circles/find-circle-problems.ts";
import { findCircleForMember } from "#core/circles/find-my-circles.ts";
import { reportCircleProblem } from "#core/circles/report-circle-problem.ts";
import { PROBLEM_KIND_LABELS, SWAP_PROBLEM_KINDS } from "#core/swaps/swap-problem-rules.ts";
import type { Route } from "./+types/my-swaps.circles.$id.problem";

export const meta: Route.MetaFunction = () => [
  { title: "Report a problem | SwapShed" },
  { name: "robots", content: "noindex" },
];

const kinds = SWAP_PROBLEM_KINDS.map((value) => ({ value, label: PROBLEM_KIND_LABELS[value] }));

/** "Report a problem" on a paid swap circle (decision 112): the form, and where earlier reports stand. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const circle = await findCircleForMember(ctx.db, { circleId: params.id, userId: user.id });
  if (!circle) throw data("Swap circle not found", { status: 404 });
  const reported = await findCircleProblemsForMember(ctx.db, {
    circleId: circle.id,
    userId: user.id,
    status: circle.status,
  });
  return {
    circle: {
      id: circle.id,
      give: circle.give.listing.title,
      giveTo: circle.give.receiver.name,
      get: circle.get.listing.title,
      getFrom: circle.get.giver.name,
      paid: isPaidCircle(circle),
    },
    ...reported,
    kinds,
    notPaid: CIRCLE_NOT_PAID,
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
      return reportCircleProblem(
        { db: ctx.db, clock: ctx.clock, storage: ctx.storage, env: ctx.env },
        { circleId: params.id, userId: user.id, ...report },
      );
    },
    (reported) =>
      redirectWithFlash(ctx, `/my-swaps/circles/${reported.circleId}/problem`, {
        type: "success",
        message: "Problem reported",
        description: "Our team will look into it. You'll see updates here and in your notifications.",
      }),
    { echo: form.echo },
  );
}

export default function ReportCircleProblem({ loaderData, actionData }: Route.ComponentProps) {
  const { circle, problems, openByMe, kinds, notPaid } = loaderData;
  return (
    <main id="main" className="bg-surface py-6 sm:py-10">
      <Container className="max-w-xl">
        <Link
          to={`/my-swaps/circles/${circle.id}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the swap circle
        </Link>
        <div className="mt-3 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Report a problem</h1>
          <p className="mt-1 text-sm text-muted wrap-anywhere">
            Your swap circle: your <span className="font-semibold text-ink">{circle.give}</span> to {circle.giveTo},{" "}
            <span className="font-semibold text-ink">{circle.get}</span> from {circle.getFrom}
          </p>
          {!circle.paid ? (
            <p role="status" className="mt-4 rounded-lg bg-accent-100 px-3 py-2 text-sm">
              {notPaid}
            </p>
          ) : openByMe ? (
            <p role="status" className="mt-4 text-sm">
              You've already reported a problem on this swap circle. We'll let you know when it's resolved.
            </p>
          ) : (
            <ProblemForm
              kinds={kinds}
              answer={actionData && "error" in actionData ? actionData : undefined}
              seenBy="the circle's other members"
            />
          )}
        </div>
        <SwapProblemStatus swapId={circle.id} problems={problems} canReport={false} otherName="A member" circle />
      </Container>
    </main>
  );
}
