import type { PaymentGateway, SandboxGateway } from '../../providers/payments/index.js';
import { cardTokenRoutes } from './card-token-routes.js';

/**
 * The sandbox card form's server side: a typed test card becomes a token, as Stripe.js does for
 * Stripe. Registered only when the sandbox is the gateway; with Stripe the route does not exist.
 */
export function createSandboxCardsModule(gateway: PaymentGateway | SandboxGateway) {
  return { routes: 'createCardToken' in gateway ? [cardTokenRoutes(gateway)] : [] };
}
