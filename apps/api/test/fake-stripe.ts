import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  stripeAccount: string | undefined;
  /** The secret key the request was made with (which system's gateway made it). */
  secretKey: string | undefined;
  form: Record<string, string>;
}

/** Test cards a SetupIntent can be confirmed with (what Stripe.js would make of a typed card). */
const TEST_PAYMENT_METHODS: Record<
  string,
  { last4: string; brand: string; decline?: (typeof TOKENS)[string]['decline'] }
> = {
  pm_card_visa: { last4: '4242', brand: 'visa' },
  pm_card_chargeDeclined: {
    last4: '0002',
    brand: 'visa',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
};

const TOKENS: Record<
  string,
  { last4: string; brand: string; decline?: { code: string; decline_code?: string; message: string } }
> = {
  tok_visa: { last4: '4242', brand: 'Visa' },
  tok_chargeDeclined: {
    last4: '0002',
    brand: 'Visa',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  tok_chargeDeclinedInsufficientFunds: {
    last4: '9995',
    brand: 'Visa',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  tok_authenticationRequired: {
    last4: '3155',
    brand: 'Visa',
    decline: { code: 'authentication_required', message: 'This payment requires authentication.' },
  },
};

/**
 * A small local stand-in for api.stripe.com (never the internet in tests): it answers the calls the
 * Stripe adapter makes with Stripe-shaped objects, replays idempotent requests, and checks the shape of
 * every request the way Stripe would refuse it — form-encoded body, secret key, an Idempotency-Key on
 * every POST, whole-number amounts, and a Stripe-Account header on direct charges. What it refuses is
 * listed in `problems`, so a test can also assert that nothing was wrong.
 */
export async function startFakeStripe(secretKeys: string | string[]) {
  const acceptedKeys = new Set(Array.isArray(secretKeys) ? secretKeys : [secretKeys]);
  const requests: SeenRequest[] = [];
  const problems: string[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  const replies = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const newId = (prefix: string) => `${prefix}_fake${randomBytes(8).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${id}'`,
      },
    },
  });
  const refuse = (message: string, param?: string) => {
    problems.push(message);
    return { status: 400, body: { error: { type: 'invalid_request_error', message, param } } };
  };
  /** An amount of a form field (digits, checked by `shapeProblem`) or of a stored object: whole cents. */
  const wholeAmount = (value: unknown) => Number.parseInt(String(value), 10);
  const stored = (id: string, kind: string) => {
    const object = objects.get(id);
    return object && object.object === kind ? object : undefined;
  };

  function shapeProblem(
    request: SeenRequest,
    contentType: string | undefined,
  ): { status: number; body: unknown } | null {
    if (request.method !== 'POST') return null;
    if (!contentType?.startsWith('application/x-www-form-urlencoded'))
      return refuse(`${request.path}: body is not form-encoded (${contentType})`);
    if (!request.idempotencyKey) return refuse(`${request.path}: no Idempotency-Key header`);
    for (const field of ['amount', 'application_fee_amount'])
      if (field in request.form && !/^\d+$/.test(request.form[field] ?? ''))
        return refuse(`Invalid integer: ${request.form[field]}`, field);
    if ('application_fee_amount' in request.form && !request.stripeAccount)
      return refuse(
        'application_fee_amount on a charge without a Stripe-Account header',
        'application_fee_amount',
      );
    if ('currency' in request.form && request.form.currency !== 'usd')
      return refuse(`Invalid currency: ${request.form.currency}`, 'currency');
    return null;
  }

  function answer(request: SeenRequest, query: URLSearchParams): { status: number; body: unknown } {
    const { method, path, form } = request;
    const [, , resource, id] = path.split('/');
    const expands = new Set(
      [...Object.entries(form), ...query.entries()]
        .filter(([k]) => k.startsWith('expand['))
        .map(([, v]) => v),
    );
    const withSource = (customer: Record<string, unknown>) => {
      const settings = customer.invoice_settings as { default_payment_method: string | null };
      return {
        ...customer,
        ...(expands.has('default_source')
          ? { default_source: objects.get(String(customer.default_source)) ?? null }
          : {}),
        ...(expands.has('invoice_settings.default_payment_method')
          ? {
              invoice_settings: {
                default_payment_method: objects.get(String(settings.default_payment_method)) ?? null,
              },
            }
          : {}),
      };
    };
    const metadataOf = () =>
      Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice(9, -1), value]),
      );

    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        default_source: null,
        invoice_settings: { default_payment_method: null },
        metadata: metadataOf(),
        on_account: request.stripeAccount ?? null,
      };
      objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'customers' && id) {
      const customer = stored(id, 'customer');
      if (!customer || customer.on_account !== (request.stripeAccount ?? null))
        return missing('customer', id);
      const defaultMethod = form['invoice_settings[default_payment_method]'];
      if (defaultMethod !== undefined) {
        const found = stored(defaultMethod, 'payment_method');
        if (!found || found.customer !== id)
          return refuse(
            `The payment method ${defaultMethod} is not attached to customer ${id}`,
            'invoice_settings',
          );
        customer.invoice_settings = { default_payment_method: defaultMethod };
      }
      if (method === 'POST' && form.source) {
        const token = TOKENS[form.source];
        if (!token) return missing('token', form.source);
        const card = {
          id: newId('card'),
          object: 'card',
          brand: token.brand,
          last4: token.last4,
          exp_month: 12,
          exp_year: 2030,
          name: null,
          address_line1: null,
          customer: id,
          token: form.source,
        };
        objects.set(card.id, card);
        customer.default_source = card.id;
      }
      return { status: 200, body: withSource(customer) };
    }
    if (resource === 'charges' && method === 'POST') {
      const customer = stored(form.customer ?? '', 'customer');
      if (!customer) return missing('customer', form.customer ?? '');
      const card = objects.get(String(customer.default_source));
      if (!card) return refuse('Cannot charge a customer that has no active card', 'customer');
      const decline = TOKENS[String(card.token)]?.decline;
      if (decline) return { status: 402, body: { error: { type: 'card_error', ...decline } } };
      const charge = {
        id: newId('ch'),
        object: 'charge',
        amount: wholeAmount(form.amount),
        amount_refunded: 0,
        application_fee_amount: form.application_fee_amount ? wholeAmount(form.application_fee_amount) : null,
        currency: form.currency,
        customer: form.customer,
        description: form.description ?? null,
        status: 'succeeded',
        paid: true,
        created: now(),
        metadata: metadataOf(),
        payment_method_details: {
          type: 'card',
          card: { last4: card.last4, brand: String(card.brand).toLowerCase() },
        },
        on_account: request.stripeAccount ?? null,
      };
      objects.set(charge.id, charge);
      return { status: 200, body: charge };
    }
    if (
      method === 'GET' &&
      !id &&
      (resource === 'charges' || resource === 'refunds' || resource === 'transfers')
    ) {
      // A list, as Stripe pages one: newest first, `limit` (at most 100) after `starting_after`.
      const since = Number(query.get('created[gte]') ?? 0);
      const all = [...objects.values()]
        .filter(
          (o) =>
            o.object === resource.slice(0, -1) &&
            (o.on_account ?? null) === (request.stripeAccount ?? null) &&
            Number(o.created) >= since,
        )
        .reverse();
      const after = query.get('starting_after');
      const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
      const limit = Math.min(Number(query.get('limit') ?? 10), 100);
      const data = all.slice(start, start + limit);
      return {
        status: 200,
        body: { object: 'list', data, has_more: start + limit < all.length, url: `/v1/${resource}` },
      };
    }
    if (resource === 'charges' && id === 'search') {
      const wanted = /metadata\['idempotency_key'\]:'(.*)'/.exec(query.get('query') ?? '')?.[1];
      const data = [...objects.values()].filter(
        (o) =>
          o.object === 'charge' &&
          (o.metadata as Record<string, string>).idempotency_key === wanted &&
          o.on_account === (request.stripeAccount ?? null),
      );
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, url: '/v1/charges/search' },
      };
    }
    if (resource === 'charges' && id) {
      const charge = stored(id, 'charge');
      return charge && charge.on_account === (request.stripeAccount ?? null)
        ? { status: 200, body: charge }
        : missing('charge', id);
    }
    if (resource === 'refunds' && method === 'POST') {
      const charge = stored(form.charge ?? '', 'charge');
      if (!charge) return missing('charge', form.charge ?? '');
      const left = wholeAmount(charge.amount) - wholeAmount(charge.amount_refunded);
      const amount = form.amount ? wholeAmount(form.amount) : left;
      if (amount > left) return refuse(`Refund amount is greater than unrefunded amount on charge`, 'amount');
      charge.amount_refunded = wholeAmount(charge.amount_refunded) + amount;
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        status: 'succeeded',
        created: now(),
        on_account: request.stripeAccount ?? null,
      };
      objects.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (resource === 'transfers' && method === 'POST') {
      if (!stored(form.destination ?? '', 'account')) return missing('account', form.destination ?? '');
      const transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount: wholeAmount(form.amount),
        currency: form.currency,
        destination: form.destination,
        created: now(),
      };
      objects.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    if (resource === 'accounts' && method === 'POST' && !id) {
      const account = {
        id: newId('acct'),
        object: 'account',
        type: form.type,
        email: form.email ?? null,
        country: form.country,
        business_profile: { name: form['business_profile[name]'] ?? null },
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: {
          currently_due: ['external_account', 'tos_acceptance.date'],
          past_due: [],
          pending_verification: [],
          disabled_reason: 'requirements.past_due',
        },
        metadata: metadataOf(),
      };
      objects.set(account.id, account);
      return { status: 200, body: account };
    }
    if (resource === 'accounts' && id) {
      const account = stored(id, 'account');
      return account ? { status: 200, body: account } : missing('account', id);
    }
    if (resource === 'account_links' && method === 'POST') {
      if (!stored(form.account ?? '', 'account')) return missing('account', form.account ?? '');
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.com/setup/s/${form.account}`,
          created: now(),
          expires_at: now() + 300,
        },
      };
    }
    if (resource === 'setup_intents' && method === 'POST' && !id) {
      const customer = stored(form.customer ?? '', 'customer');
      if (!customer || customer.on_account !== (request.stripeAccount ?? null))
        return missing('customer', form.customer ?? '');
      const intentId = newId('seti');
      const intent = {
        id: intentId,
        object: 'setup_intent',
        customer: form.customer,
        usage: form.usage,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        payment_method: null,
        on_account: request.stripeAccount ?? null,
      };
      objects.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (resource === 'payment_methods' && id) {
      const found = stored(id, 'payment_method');
      if (!found || found.on_account !== (request.stripeAccount ?? null))
        return missing('payment_method', id);
      if (method === 'POST' && path.endsWith('/attach')) {
        const customer = stored(form.customer ?? '', 'customer');
        if (!customer) return missing('customer', form.customer ?? '');
        found.customer = form.customer;
      }
      return { status: 200, body: found };
    }
    if (resource === 'payment_intents' && id === 'search') {
      const wanted = /metadata\['idempotency_key'\]:'(.*)'/.exec(query.get('query') ?? '')?.[1];
      const data = [...objects.values()]
        .filter(
          (o) =>
            o.object === 'payment_intent' &&
            (o.metadata as Record<string, string>).idempotency_key === wanted &&
            o.on_account === (request.stripeAccount ?? null),
        )
        .map((o) => ({ ...o, latest_charge: objects.get(String(o.latest_charge)) ?? null }));
      return { status: 200, body: { object: 'search_result', data, has_more: false } };
    }
    if (resource === 'payment_intents' && method === 'POST' && !id) {
      const customer = stored(form.customer ?? '', 'customer');
      if (!customer || customer.on_account !== (request.stripeAccount ?? null))
        return missing('customer', form.customer ?? '');
      const card = stored(form.payment_method ?? '', 'payment_method');
      if (!card || card.customer !== form.customer)
        return refuse('The payment method is not attached to this customer', 'payment_method');
      if (form.off_session !== 'true' || form.confirm !== 'true')
        return refuse('A saved card is charged off-session and confirmed at once', 'off_session');
      const decline = TEST_PAYMENT_METHODS[String(card.test_card)]?.decline;
      if (decline) return { status: 402, body: { error: { type: 'card_error', ...decline } } };
      const details = card.card as { last4: string; brand: string };
      const charge = {
        id: newId('ch'),
        object: 'charge',
        amount: wholeAmount(form.amount),
        amount_refunded: 0,
        application_fee_amount: form.application_fee_amount ? wholeAmount(form.application_fee_amount) : null,
        currency: form.currency,
        customer: form.customer,
        description: form.description ?? null,
        status: 'succeeded',
        paid: true,
        created: now(),
        metadata: {},
        payment_method_details: { type: 'card', card: { last4: details.last4, brand: details.brand } },
        on_account: request.stripeAccount ?? null,
      };
      objects.set(charge.id, charge);
      const intent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: charge.amount,
        currency: form.currency,
        customer: form.customer,
        status: 'succeeded',
        latest_charge: charge.id,
        metadata: metadataOf(),
        on_account: request.stripeAccount ?? null,
      };
      objects.set(intent.id, intent);
      return {
        status: 200,
        body: expands.has('latest_charge') ? { ...intent, latest_charge: charge } : intent,
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  /**
   * What Stripe.js does in the browser when the card form confirms a SetupIntent with a typed card:
   * a payment method on the intent's account, attached to its customer, named on the intent.
   */
  function confirmSetupIntent(
    clientSecret: string,
    testCard: keyof typeof TEST_PAYMENT_METHODS = 'pm_card_visa',
  ) {
    const intent = [...objects.values()].find(
      (o) => o.object === 'setup_intent' && o.client_secret === clientSecret,
    );
    if (!intent) throw new Error(`no SetupIntent with client secret ${clientSecret}`);
    const card = TEST_PAYMENT_METHODS[testCard];
    if (!card) throw new Error(`unknown test card ${testCard}`);
    const paymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: intent.customer,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2031 },
      billing_details: {
        name: 'Card Holder',
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US' },
      },
      test_card: testCard,
      on_account: intent.on_account,
    };
    objects.set(paymentMethod.id, paymentMethod);
    intent.status = 'succeeded';
    intent.payment_method = paymentMethod.id;
    return paymentMethod.id;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const request: SeenRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
      secretKey: header('authorization')?.replace(/^Bearer /, ''),
      form: Object.fromEntries(new URLSearchParams(raw)),
    };
    requests.push(request);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    if (!request.secretKey || !acceptedKeys.has(request.secretKey)) {
      problems.push(`${request.path}: wrong or missing secret key`);
      return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const wrongShape = shapeProblem(request, header('content-type'));
    if (wrongShape) return reply(wrongShape.status, wrongShape.body);
    if (request.method !== 'POST') {
      const { status, body } = answer(request, url.searchParams);
      return reply(status, body);
    }
    // Idempotency as Stripe keeps it: per account and key, replaying the first answer.
    const replyKey = `${request.stripeAccount ?? ''}|${request.idempotencyKey}`;
    const fingerprint = `${request.path}?${raw}`;
    const first = replies.get(replyKey);
    if (first && first.fingerprint !== fingerprint)
      return reply(400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    if (first) return reply(first.status, first.body);
    const { status, body } = answer(request, url.searchParams);
    if (status !== 400) replies.set(replyKey, { fingerprint, status, body });
    reply(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    problems,
    confirmSetupIntent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
