import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/*
 * The integration provider interface (issue 23, decision 0096): what the product asks of any
 * service a company's leads go to. One folder per provider under providers/integrations, each
 * exporting an `IntegrationProvider` with its metadata; `registry.ts` lists them. The integrations
 * module keeps the connections, the deliveries and their attempts; a provider only knows how to
 * talk to its service.
 */

/** What kind of service a provider is (the /integrations page groups them so). */
export type ProviderKind =
  | 'webhook'
  | 'crm'
  | 'email-list'
  | 'direct-mail'
  | 'spreadsheet'
  | 'funnel-builder'
  | 'mailbox'
  | 'marketing-automation'
  | 'insurance-crm';

/** How a company connects it: a URL it types, an OAuth consent, or an API key it pastes. */
export type ProviderAuth = 'url' | 'oauth' | 'api-key';

/** A field of the connect form (and of a campaign's settings for this provider). */
export interface ProviderField {
  name: string;
  label: string;
  type: 'url' | 'text' | 'secret' | 'tags' | 'select';
  required: boolean;
  help?: string;
  /** For `select`: where the options come from (`listTargets` with this kind). */
  targets?: TargetKind;
}

/** Things inside the service a campaign can point its leads at. */
export type TargetKind = 'tags' | 'lists' | 'groups' | 'subaccounts' | 'quicksends' | 'custom-fields';

export interface ProviderTarget {
  id: string;
  name: string;
}

export interface ProviderMeta {
  slug: string;
  name: string;
  kind: ProviderKind;
  auth: ProviderAuth;
  description: string;
  /** Fields a company fills when connecting (secret fields are sealed, never answered back). */
  connectFields: readonly ProviderField[];
  /** Fields a campaign may set for this provider (tags, a list, its own URL). */
  campaignFields: readonly ProviderField[];
  targetKinds: readonly TargetKind[];
  /** True when this deployment talks to a local sandbox of the service (labelled so in the app). */
  sandbox: boolean;
}

/** A stored connection as a provider sees it: its settings and its unsealed secrets. */
export interface ProviderConnection {
  id: number;
  companyId: number;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** A lead as it is delivered: clean names, no internal ids but the lead's own. */
export interface LeadPayload {
  id: string;
  campaign: { id: string; name: string; module: string };
  captured_at: string;
  first_name: string;
  last_name: string;
  emails: string[];
  phones: string[];
  address: { street: string; city: string; state: string; zip: string };
  page_url: string | null;
  keyword: string | null;
  /** True for the console's "send test payload": not a real lead. */
  test: boolean;
}

export interface DeliveryRequest {
  connection: ProviderConnection;
  /** The campaign's own settings for this connection (tags, list, URL), empty when none. */
  campaignSettings: Record<string, unknown>;
  lead: LeadPayload;
  /**
   * Stable for every attempt of one delivery: sent to the receiver (as `webhook-id`, or the service's
   * own idempotency header) so a retry after a lost answer is recognised as the same lead.
   */
  idempotencyKey: string;
  attempt: number;
  /** Keeps refreshed tokens (sealed again on the connection) when the provider had to refresh them. */
  saveSecrets: (secrets: Record<string, string>) => Promise<void>;
  /**
   * The client company whose lead it is (absent for a test payload): an agency's connection may send
   * each client's leads to that client's own place in the service (decision 0109).
   */
  clientCompanyId?: number;
  /**
   * Keeps what the provider made for the lead's campaign (the spreadsheet it created) in the
   * campaign's settings for this connection, each key only where the campaign has none yet; answers
   * the campaign's settings after (another worker's may have won). A test payload keeps nothing.
   * The delivery engine always passes it (optional only for callers that deliver by hand).
   */
  saveCampaignSettings?: (settings: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

export interface DeliveryResult {
  /** delivered; failed (the service said no, or did not answer); refused (nothing was sent). */
  outcome: 'delivered' | 'failed' | 'refused';
  /** A failure that another attempt cannot fix (bad credentials, a URL the guard refuses). */
  permanent?: boolean;
  httpStatus?: number;
  latencyMs: number;
  error?: string;
  /** A one-line summary of what was sent, for the console: never a secret. */
  request: string;
}

/** What connecting produced: settings to keep, secrets to seal. */
export interface ConnectResult {
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** A refusal the company can act on (a bad URL, a wrong key): answered as 400 with this text. */
export class ProviderInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderInputError';
  }
}

export interface IntegrationProvider {
  meta: ProviderMeta;
  /**
   * Checks what the company typed (and, for API keys, asks the service whether they work) and
   * answers what to store; throws `ProviderInputError` when it cannot be used.
   */
  connect(input: {
    companyId: number;
    settings: Record<string, unknown>;
    previous: ProviderConnection | null;
  }): Promise<ConnectResult>;
  /** Tells the service we are leaving (revokes a token); best effort, never blocks a disconnect. */
  disconnect?(connection: ProviderConnection): Promise<void>;
  /** Things inside the service to point a campaign at (`saveSecrets` as for deliveries). */
  listTargets?(
    connection: ProviderConnection,
    kind: TargetKind,
    saveSecrets: (secrets: Record<string, string>) => Promise<void>,
  ): Promise<ProviderTarget[]>;
  /**
   * OAuth providers (auth 'oauth'): the consent page's address, and the code exchanged for tokens
   * (authorization code with PKCE). `connect` is then only for editing settings.
   */
  oauth?: {
    authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): Promise<string>;
    completeAuthorization(input: {
      companyId: number;
      code: string;
      redirectUri: string;
      codeVerifier: string;
      /** The settings of the connection this sign-in replaces, if any (what it may keep). */
      previousSettings?: Record<string, unknown>;
    }): Promise<ConnectResult>;
  };
  /** Checks a campaign's settings for this provider; throws `ProviderInputError`. */
  checkCampaignSettings?(
    settings: Record<string, unknown>,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  deliver(request: DeliveryRequest): Promise<DeliveryResult>;
  /** A sandbox's own page (its OAuth consent screen, labelled Sandbox), served outside /api. */
  page?: FastifyPluginAsyncZod;
  /** Closes what the provider holds open (its HTTP connections), at shutdown. */
  close?(): Promise<void>;
}
