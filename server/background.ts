import { completeQuietCircles } from "#core/circles/complete-circle.ts";
import { lapseCircles } from "#core/circles/lapse-circles.ts";
import { lapseUnpaidCircles } from "#core/circles/lapse-unpaid-circles.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { startScheduler } from "#core/jobs/scheduler.ts";
import { recordJobFailure } from "#core/logs/record-job-failure.ts";
import { createMailTransport } from "#core/mail/create-mail-transport.ts";
import { deliverPendingMail } from "#core/mail/mailer.ts";
import { pushConfigFromEnv, setPushConfig } from "#core/notifications/push-settings.ts";
import { sendNoticeDigests } from "#core/notifications/send-notice-digests.ts";
import { sendPushes } from "#core/notifications/send-pushes.ts";
import { claimPaymentWarnings, lapseUnpaidSwaps } from "#core/payments/lapse-unpaid-swaps.ts";
import { refundOwedPayments } from "#core/payments/refund-owed-payments.ts";
import { settleHolds } from "#core/payments/settle-holds.ts";
import { revealDueReviews } from "#core/reviews/reveal-due-reviews.ts";
import { noticeDueSavedSearches } from "#core/saved-searches/notice-due-saved-searches.ts";
import type { Clock } from "#core/shared/clock.ts";
import { logger } from "#core/shared/logger.ts";
import { setSigningSecret } from "#core/shared/signed-token.ts";
import { createSmsProvider } from "#core/sms/create-sms-provider.ts";
import { deliverPendingSms } from "#core/sms/sms-outbox.ts";
import { completeQuietSwaps } from "#core/swaps/complete-quiet-swaps.ts";
import { claimExpiryWarnings } from "#core/swaps/expire-swaps.ts";
import { remindMeetings } from "#core/swaps/remind-meetings.ts";
import type { Db } from "#db/client.ts";
import type { Env } from "./env";
import { paymentProviderFromEnv } from "./payments";
import { storageFromEnv } from "./storage";

/**
 * The app's background work, safe with several processes: the scheduler (expiry, the daily 02:00
 * cleanup through job_runs), expiry and payment-deadline warnings claimed once each, lapsing unpaid swaps
 * (SKIP LOCKED per swap) and the refunds they owe, the notice digests (SKIP LOCKED per member's notices), Web Push
 * where configured (SKIP LOCKED per notice), and mail
 * delivery with SKIP LOCKED.
 */
export function startBackgroundWork({ db, clock, env }: { db: Db; clock: Clock; env: Env }) {
  // The notice e-mails this process queues carry one-click unsubscribe links signed with the app's secret.
  setSigningSecret(env.BETTER_AUTH_SECRET);
  // Web Push only where the VAPID keys are configured (decision 085): otherwise no notice is marked, no work here.
  const push = pushConfigFromEnv(env);
  setPushConfig(push);
  const transport = createMailTransport(
    env.MAIL_TRANSPORT === "smtp" ? { driver: "smtp", url: env.SMTP_URL!, from: env.MAIL_FROM } : { driver: "outbox" },
  );
  const sms = createSmsProvider(env);
  const stopScheduler = startScheduler({ db, clock, storage: storageFromEnv(env) });
  // Refunds and holds only: the local provider's webhooks are delivered by the app that takes the payment.
  const provider = paymentProviderFromEnv(env);
  let mailRun: Promise<void> | null = null;
  const mailTimer = setInterval(() => {
    if (mailRun) return;
    mailRun = (async () => {
      // Each of these records its events (the reminders, the lapse) in its own transactions.
      await claimExpiryWarnings({ db, clock, env });
      // Accepted swaps: a reminder 6 hours before the payment deadline, then the lapse and its refunds.
      await claimPaymentWarnings({ db, clock, env });
      await lapseUnpaidSwaps({ db, clock, env });
      // Swap circles (decisions 104 and 105): offers nobody finished answering in 48 hours lapse; so do accepted
      // circles whose fees were not all held in 48 hours (their holds are let go below).
      await lapseCircles({ db, clock });
      await lapseUnpaidCircles({ db, clock });
      await refundOwedPayments({ db, clock, provider });
      // Holds of swaps that reached the handshake are captured; holds of closed swaps are let go (decision 102).
      await settleHolds({ db, clock, provider });
      // Arranging swaps (decision 096): the reminder two hours before an agreed meeting (once each), and the
      // quiet week: 7 days after the handshake with no problem open, the swap completes on its own.
      await remindMeetings({ db, clock, env });
      await completeQuietSwaps({ db, clock, env });
      // Arranging swap circles complete a week after their handshake too (decision 110).
      await completeQuietCircles({ db, clock });
      // Double-blind reviews still hidden 14 days after completion are shown, and both members told (decision 094).
      await revealDueReviews({ db, clock, env });
      // Saved searches whose matches are due (the hour after an "instantly" notice, the daily and weekly ones).
      await noticeDueSavedSearches({ db, clock });
      // Whatever events are still pending (a process that died between its commit and the dispatch, a handler
      // that failed) become their mail here, then the mail goes out.
      await dispatchEvents({ db, appUrl: env.APP_URL });
      // Unread notices whose digest time has come: one e-mail per member (SKIP LOCKED: once across processes).
      await sendNoticeDigests({ db, clock, appUrl: env.APP_URL });
      // Notices owed to members' browsers (SKIP LOCKED, cleared before the send: once across processes).
      if (push) await sendPushes({ db, clock, push });
      await deliverPendingMail(db, transport);
      // Texts (phone codes) the request could not hand over at once, with the same back-off (SKIP LOCKED).
      await deliverPendingSms(db, sms);
    })()
      .catch(async (error) => {
        logger.error("mail run failed", { error: String(error) });
        await recordJobFailure(db, { job: "mail-run", error });
      })
      .finally(() => {
        mailRun = null;
      });
  }, 15_000);
  mailTimer.unref();
  return async () => {
    clearInterval(mailTimer);
    await mailRun;
    await stopScheduler();
  };
}
