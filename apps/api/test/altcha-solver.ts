import { pbkdf2Sync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BotChallenge } from '../src/providers/bot-check/bot-check.js';

/**
 * Test helpers (used by the unit and API tests only).
 *
 * `solveAltcha` answers a challenge the way the `altcha` widget 3.x does, written out rather than
 * borrowed from altcha-lib so the tests check the wire format, not the library against itself:
 * try counters from 0, each appended to the nonce as a big-endian uint32, PBKDF2 with the salt,
 * until the derived key starts with `keyPrefix`; then base64 the JSON the widget posts.
 */
export function solveAltcha(challenge: BotChallenge, limit = 1_000_000) {
  if (challenge.kind !== 'altcha') throw new Error('not an ALTCHA challenge');
  const { parameters, signature } = challenge;
  const nonce = Buffer.from(parameters.nonce, 'hex');
  const salt = Buffer.from(parameters.salt, 'hex');
  const digest = parameters.algorithm.replace('PBKDF2/SHA-', 'sha');
  const password = Buffer.alloc(nonce.length + 4);
  nonce.copy(password);
  for (let counter = 0; counter <= limit; counter++) {
    password.writeUInt32BE(counter, nonce.length);
    const key = pbkdf2Sync(password, salt, parameters.cost, parameters.keyLength, digest).toString('hex');
    if (key.startsWith(parameters.keyPrefix)) {
      const solution = { counter, derivedKey: key, time: 1 };
      return {
        counter,
        solution,
        payload: encodePayload({ challenge: { parameters, signature }, solution }),
      };
    }
  }
  throw new Error('no solution below the limit');
}

export const encodePayload = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
export const decodePayload = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString());

export interface SiteverifyRequest {
  method: string;
  contentType: string;
  form: URLSearchParams;
}

/** A local stand-in for reCAPTCHA's siteverify: records requests, answers what the test says. */
export async function startFakeSiteverify(
  answer: (form: URLSearchParams, res: ServerResponse) => void = (_f, res) =>
    sendJson(res, { success: true }),
) {
  const requests: SiteverifyRequest[] = [];
  let respond = answer;
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    requests.push({ method: req.method ?? '', contentType: req.headers['content-type'] ?? '', form });
    respond(form, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    answerWith(next: typeof answer) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
