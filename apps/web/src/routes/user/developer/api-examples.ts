/**
 * The Developer screen's copy-paste examples (decision 0100): shell commands with curl that run as
 * they are, the client id (and, right after it is made, the secret) filled in. The token is read
 * from the exchange's JSON with sed, so nothing beyond curl and a POSIX shell is needed.
 */
export interface ExampleInput {
  baseUrl: string;
  clientId: string;
  /** The secret when it is on screen (just made); otherwise a placeholder to replace. */
  secret: string | null;
}

export const SECRET_PLACEHOLDER = 'YOUR_CLIENT_SECRET';

/** A single-quoted shell word. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function tokenCommand({ baseUrl, clientId, secret }: ExampleInput): string {
  return [
    `TOKEN=$(curl -s -u ${quoted(`${clientId}:${secret ?? SECRET_PLACEHOLDER}`)} \\`,
    `  -d grant_type=client_credentials ${quoted(`${baseUrl}/oauth/token`)} \\`,
    `  | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
  ].join('\n');
}

export interface Example {
  id: string;
  title: string;
  command: string;
}

/** The examples, each a whole script: the token exchange, then one call. */
export function apiExamples(input: ExampleInput): Example[] {
  const token = tokenCommand(input);
  const url = (path: string) => quoted(`${input.baseUrl}${path}`);
  const auth = '-H "Authorization: Bearer $TOKEN"';
  return [
    {
      id: 'list-campaigns',
      title: 'List your campaigns',
      command: `${token}\ncurl -s ${url('/campaigns')} ${auth}`,
    },
    {
      id: 'create-campaign',
      title: 'Create a campaign (safe to retry with the same Idempotency-Key)',
      command: [
        token,
        `curl -s -X POST ${url('/campaigns')} ${auth} \\`,
        `  -H 'Content-Type: application/json' -H "Idempotency-Key: $(date +%s)" \\`,
        `  -d '{"client_id": CLIENT_ID_NUMBER, "module": "local", "name": "My campaign", "site_url": "https://www.example.com/"}'`,
      ].join('\n'),
    },
    {
      id: 'pause-campaign',
      title: 'Pause a campaign',
      command: `${token}\ncurl -s -X POST ${url('/campaigns/CAMPAIGN_ID/pause')} ${auth}`,
    },
    {
      id: 'leads-since',
      title: 'Leads stored since a time (follow next_cursor for the next page)',
      command: `${token}\ncurl -s ${url('/leads?since=2026-01-01T00:00:00Z&limit=100')} ${auth}`,
    },
    {
      id: 'suppress',
      title: 'Add e-mails to your suppression list',
      command: [
        token,
        `curl -s -X POST ${url('/suppression-entries')} ${auth} \\`,
        `  -H 'Content-Type: application/json' -d '{"emails": ["someone@example.com"]}'`,
      ].join('\n'),
    },
    {
      id: 'webhook-endpoints',
      title: 'Your webhook endpoint and the campaigns that have their own URL',
      command: `${token}\ncurl -s ${url('/webhook-endpoints')} ${auth}`,
    },
    {
      id: 'create-webhook',
      title:
        'Send your leads to a webhook: put your receiver in "url" (the signing secret is in this answer only)',
      command: [
        token,
        `curl -s -X POST ${url('/webhook-endpoints')} ${auth} \\`,
        `  -H 'Content-Type: application/json' -H "Idempotency-Key: $(date +%s)" \\`,
        `  -d '{"url": "https://www.example.com/leads-webhook", "tags": ["api"]}'`,
      ].join('\n'),
    },
    {
      id: 'campaign-webhook',
      title: 'Give one campaign its own webhook URL (DELETE the same address to clear it)',
      command: [
        token,
        `curl -s -X PUT ${url('/campaigns/CAMPAIGN_ID/webhook')} ${auth} \\`,
        `  -H 'Content-Type: application/json' -d '{"url": "https://www.example.com/campaign-webhook"}'`,
      ].join('\n'),
    },
  ];
}
