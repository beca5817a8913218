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
});
