import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startFakeSiteverify } from '../../../test/altcha-solver.js';
import { createRecaptchaVerifier, RECAPTCHA_VERIFY_URL } from './recaptcha-bot-check.js';

let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
beforeAll(async () => {
  fake = await startFakeSiteverify();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  // Google's answer shape for a token of site.example solved by the given secret.
  fake.answerWith((form, res) =>
    form.get('secret') === 'the-secret' && form.get('response') === 'good-token'
      ? sendJson(res, { success: true, hostname: 'site.example', challenge_ts: new Date().toISOString() })
      : sendJson(res, { success: false, 'error-codes': ['invalid-input-response'] }),
  );
});

const input = { secret: 'the-secret', token: 'good-token', ip: '203.0.113.9' };

describe('reCAPTCHA verifier', () => {
  it("posts the secret, the token and the client's IP as a form, and accepts Google's yes", async () => {
    const recaptcha = createRecaptchaVerifier({ verifyUrl: fake.url });
    expect(await recaptcha.verify(input)).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      secret: 'the-secret',
      response: 'good-token',
      remoteip: '203.0.113.9',
    });
  });

  it('defaults to Google siteverify', async () => {
    const urls: string[] = [];
    const recaptcha = createRecaptchaVerifier({
      fetch: async (url) => {
        urls.push(String(url));
        return Response.json({ success: true });
      },
    });
    expect(await recaptcha.verify(input)).toEqual({ ok: true });
    expect(urls).toEqual([RECAPTCHA_VERIFY_URL]);
  });

  it('refuses a token Google rejects, or one checked with another secret', async () => {
    const recaptcha = createRecaptchaVerifier({ verifyUrl: fake.url });
    expect(await recaptcha.verify({ ...input, token: 'bad-token' })).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect(await recaptcha.verify({ ...input, secret: 'other' })).toEqual({ ok: false, reason: 'rejected' });
  });

  it('checks the hostname when given (case and a trailing dot aside)', async () => {
    const recaptcha = createRecaptchaVerifier({ verifyUrl: fake.url });
    expect(await recaptcha.verify({ ...input, hostname: 'Site.Example.' })).toEqual({ ok: true });
    expect(await recaptcha.verify({ ...input, hostname: 'evil.example' })).toEqual({
      ok: false,
      reason: 'hostname_mismatch',
    });
  });

  it('refuses a v3 answer scored below the minimum', async () => {
    const recaptcha = createRecaptchaVerifier({ verifyUrl: fake.url, minScore: 0.5 });
    fake.answerWith((_form, res) => sendJson(res, { success: true, hostname: 'site.example', score: 0.2 }));
    expect(await recaptcha.verify(input)).toEqual({ ok: false, reason: 'low_score' });
    fake.answerWith((_form, res) => sendJson(res, { success: true, hostname: 'site.example', score: 0.9 }));
    expect(await recaptcha.verify(input)).toEqual({ ok: true });
  });

  it('refuses when the service errs, answers nonsense or redirects', async () => {
    const recaptcha = createRecaptchaVerifier({ verifyUrl: fake.url });
    fake.answerWith((_form, res) => sendJson(res, { success: true }, 500));
    expect(await recaptcha.verify(input)).toEqual({ ok: false, reason: 'unreachable' });
    fake.answerWith((_form, res) => res.end('<html>maintenance</html>'));
    expect(await recaptcha.verify(input)).toEqual({ ok: false, reason: 'unreachable' });
    fake.answerWith((_form, res) => sendJson(res, { success: 'yes' }));
    expect(await recaptcha.verify(input)).toEqual({ ok: false, reason: 'unreachable' });
    // A redirect must not be followed to a yes (the followed GET carries no form).
    fake.answerWith((form, res) => {
      if (!form.has('secret')) return sendJson(res, { success: true, hostname: 'site.example' });
      res.writeHead(302, { location: fake.url });
      res.end();
    });
    expect(await recaptcha.verify(input)).toEqual({ ok: false, reason: 'unreachable' });
  });

  it('refuses when nothing listens, and when the answer takes too long', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nobody = createRecaptchaVerifier({ verifyUrl: `http://127.0.0.1:${port}/siteverify` });
    expect(await nobody.verify(input)).toEqual({ ok: false, reason: 'unreachable' });

    fake.answerWith(() => {}); // never answers
    const slow = createRecaptchaVerifier({ verifyUrl: fake.url, timeoutMs: 200 });
    expect(await slow.verify(input)).toEqual({ ok: false, reason: 'unreachable' });
  });

  it('does not ask Google about an empty or oversized token', async () => {
    const recaptcha = createRecaptchaVerifier({ verifyUrl: fake.url });
    expect(await recaptcha.verify({ ...input, token: '' })).toEqual({ ok: false, reason: 'malformed' });
    expect(await recaptcha.verify({ ...input, token: 'x'.repeat(8_001) })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(fake.requests).toHaveLength(0);
  });
});
