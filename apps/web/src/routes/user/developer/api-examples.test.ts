import { publicCampaignWebhookSetSchema, publicWebhookEndpointCreateSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { apiExamples, SECRET_PLACEHOLDER, tokenCommand } from './api-examples';

describe('the Developer screen examples', () => {
  const input = { baseUrl: 'http://localhost:3000/api/v1', clientId: 'lo_abc', secret: "se'cret" };

  it('fills in the credentials, quoted for the shell', () => {
    expect(tokenCommand(input)).toContain(`-u 'lo_abc:se'\\''cret'`);
    expect(tokenCommand(input)).toContain(`'http://localhost:3000/api/v1/oauth/token'`);
  });

  it('says where the secret goes once it is no longer on screen', () => {
    expect(tokenCommand({ ...input, secret: null })).toContain(`lo_abc:${SECRET_PLACEHOLDER}`);
  });

  it('starts every example with the token exchange', () => {
    for (const example of apiExamples(input)) expect(example.command.startsWith('TOKEN=$(curl')).toBe(true);
  });

  it('sends webhook bodies the Open API accepts', () => {
    const bodyOf = (id: string) => {
      const command = apiExamples(input).find((e) => e.id === id)?.command ?? '';
      return JSON.parse(/-d '(\{.*\})'/.exec(command)?.[1] ?? 'null');
    };
    expect(publicWebhookEndpointCreateSchema.safeParse(bodyOf('create-webhook')).success).toBe(true);
    expect(publicCampaignWebhookSetSchema.safeParse(bodyOf('campaign-webhook')).success).toBe(true);
    expect(apiExamples(input).find((e) => e.id === 'create-webhook')?.command).toContain('Idempotency-Key');
  });
});
