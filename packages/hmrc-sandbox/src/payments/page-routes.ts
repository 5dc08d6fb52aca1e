import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { isCrossSite } from '../operator/routes';
import type { PaymentOutcome } from '../store/payment-journeys';
import { type PaymentJourneys, paymentPagePath } from './journeys';
import {
  noJourneyPage,
  paymentEndPage,
  paymentPage,
  type PaymentPageOutcome,
  paymentPageOutcomes,
  penceOfPounds,
} from './pages';

/**
 * The payment pages behind an Initiate payment redirectURL (pages.ts): GET shows the journey (or
 * how it ended), POST ends it as the person chose and sends the browser back to GET (303), which
 * then offers the way back to the software. The secret token in the address is the only key, as
 * with HMRC's journey links; a form sent by another site's page is refused.
 */

const outcomes: Record<PaymentPageOutcome, PaymentOutcome> = { pay: 'paid', fail: 'failed', cancel: 'cancelled' };

const htmlPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

export function paymentPageRoutes(context: SandboxContext, basePath: string, journeys: PaymentJourneys) {
  const path = paymentPagePath(':pageToken');

  async function journeyOf(request: FastifyRequest) {
    return journeys.byPageToken((request.params as { pageToken: string }).pageToken);
  }

  return async function register(app: FastifyInstance) {
    app.get(path, async (request, reply) => {
      const journey = await journeyOf(request);
      if (!journey) return htmlPage(reply, 404, noJourneyPage());
      return htmlPage(reply, 200, journey.status === 'InProgress' ? paymentPage({ journey }) : paymentEndPage(journey));
    });

    app.post(path, async (request, reply) => {
      if (isCrossSite(request.headers)) return htmlPage(reply, 403, noJourneyPage());
      const journey = await journeyOf(request);
      if (!journey) return htmlPage(reply, 404, noJourneyPage());
      const here = `${basePath}${paymentPagePath((request.params as { pageToken: string }).pageToken)}`;
      // A second click after the journey ended shows how it ended.
      if (journey.status !== 'InProgress') return reply.redirect(here, 303);

      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        string | undefined
      >;
      const outcome = paymentPageOutcomes.find((value) => value === form.outcome);
      if (!outcome) return htmlPage(reply, 400, paymentPage({ journey, error: 'Choose how the payment ends' }));
      const otherChosen = form.amountChoice === 'other' || journey.amountPence === 0;
      const typed = form.otherAmount ?? '';
      const chosen = otherChosen ? penceOfPounds(typed) : journey.amountPence;
      if (chosen === undefined && outcome !== 'cancel') {
        const error = typed.trim()
          ? 'Enter an amount in pounds and pence, like 125.50, of at least 1p'
          : 'Enter how much you want to pay';
        return htmlPage(reply, 400, paymentPage({ journey, otherAmount: typed, otherChosen, error }));
      }
      await journeys.finish(journey, outcomes[outcome], chosen ?? journey.amountPence);
      return reply.redirect(here, 303);
    });
  };
}
