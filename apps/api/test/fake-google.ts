import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake saw it. */
export interface GoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  /** A form body as fields, a JSON body parsed; undefined when empty. */
  body: unknown;
}

interface Grant {
  email: string;
  refreshToken: string;
  revoked: boolean;
}

/**
 * A small local stand-in for Google's OAuth endpoints, Drive's `about` and the Sheets API v4 (never
 * the internet in tests). It answers the calls the Google Sheets adapter makes the way Google
 * documents them and refuses what Google would: a client other than the one registered, a code used
 * twice or with another redirect URI or a wrong PKCE verifier, an expired or revoked token (401), an
 * unknown spreadsheet (404), an append without valueInputOption. Tests make the signed-in person
 * consent (`consent`), expire tokens, and queue failures (`failNext`); what was refused is listed in
 * `problems`.
 */
export async function startFakeGoogle(client: { id: string; secret: string }) {
  const requests: GoogleRequest[] = [];
  const problems: string[] = [];
  const codes = new Map<string, { email: string; redirectUri: string; challenge: string; used: boolean }>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { grant: Grant; expired: boolean }>();
  const sheets = new Map<string, { title: string; owner: string; rows: string[][] }>();
  const failures: { match: RegExp; status: number; body?: unknown }[] = [];
  const token = (prefix: string) => `${prefix}${randomBytes(16).toString('base64url')}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, message: string, state: string) =>
    json(res, status, { error: { code: status, message, status: state } });
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) => {
    problems.push(`${error}: ${description}`);
    json(res, status, { error, error_description: description });
  };

  function issueAccess(grant: Grant) {
    const access = token('ya29.fake-');
    accessTokens.set(access, { grant, expired: false });
    return access;
  }

  /** The signed-in grant of a Bearer token, or null (the request then answered 401). */
  function bearer(req: GoogleRequest, res: ServerResponse): Grant | null {
    const value = req.authorization?.replace(/^Bearer /, '') ?? '';
    const found = accessTokens.get(value);
    if (!found || found.expired || found.grant.revoked) {
      apiError(
        res,
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'UNAUTHENTICATED',
      );
      return null;
    }
    return found.grant;
  }

  function tokenEndpoint(req: GoogleRequest, res: ServerResponse) {
    const form = (req.body ?? {}) as Record<string, string>;
    if (!req.contentType?.startsWith('application/x-www-form-urlencoded'))
      return oauthError(res, 400, 'invalid_request', 'The token request is not form-encoded.');
    if (form.client_id !== client.id || form.client_secret !== client.secret)
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    if (form.grant_type === 'authorization_code') {
      const code = codes.get(form.code ?? '');
      if (!code || code.used) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      code.used = true;
      if (code.redirectUri !== form.redirect_uri)
        return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== code.challenge)
        return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      const grant: Grant = { email: code.email, refreshToken: token('1//fake-'), revoked: false };
      grants.set(grant.refreshToken, grant);
      return json(res, 200, {
        access_token: issueAccess(grant),
        expires_in: 3599,
        refresh_token: grant.refreshToken,
        scope: 'https://www.googleapis.com/auth/drive.file',
        token_type: 'Bearer',
      });
    }
    if (form.grant_type === 'refresh_token') {
      const grant = grants.get(form.refresh_token ?? '');
      if (!grant || grant.revoked)
        return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      // Google keeps the refresh token: none comes back with a refresh.
      return json(res, 200, {
        access_token: issueAccess(grant),
        expires_in: 3599,
        scope: 'https://www.googleapis.com/auth/drive.file',
        token_type: 'Bearer',
      });
    }
    return oauthError(res, 400, 'unsupported_grant_type', `grant_type ${form.grant_type}`);
  }

  function sheetsApi(req: GoogleRequest, res: ServerResponse) {
    const grant = bearer(req, res);
    if (!grant) return;
    if (req.method === 'POST' && req.path === '/v4/spreadsheets') {
      const body = req.body as {
        properties?: { title?: string };
        sheets?: {
          properties?: { title?: string };
          data?: { rowData?: { values?: { userEnteredValue?: { stringValue?: string } }[] }[] }[];
        }[];
      };
      const title = body?.properties?.title;
      if (!title) return apiError(res, 400, 'Invalid spreadsheet: no title', 'INVALID_ARGUMENT');
      const header =
        body.sheets?.[0]?.data?.[0]?.rowData?.[0]?.values?.map(
          (v) => v.userEnteredValue?.stringValue ?? '',
        ) ?? [];
      const id = randomBytes(33).toString('base64url');
      sheets.set(id, { title, owner: grant.email, rows: header.length ? [header] : [] });
      return json(res, 200, {
        spreadsheetId: id,
        properties: { title },
        sheets:
          body.sheets?.map((s, i) => ({ properties: { sheetId: i, title: s.properties?.title } })) ?? [],
        spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit`,
      });
    }
    const match = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/(.+))?$/.exec(req.path);
    if (!match) return apiError(res, 404, 'Not found', 'NOT_FOUND');
    const id = decodeURIComponent(match[1] as string);
    const sheet = sheets.get(id);
    if (!sheet) return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
    if (sheet.owner !== grant.email)
      return apiError(res, 403, 'The caller does not have permission', 'PERMISSION_DENIED');
    const values = match[2] ? decodeURIComponent(match[2]) : null;
    if (req.method === 'GET' && values === null)
      return json(res, 200, {
        spreadsheetId: id,
        properties: { title: sheet.title },
        spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit`,
      });
    if (req.method === 'GET' && values === 'M:M')
      return json(res, 200, {
        range: `Leads!M1:M${sheet.rows.length}`,
        majorDimension: req.query.majorDimension ?? 'ROWS',
        values: [sheet.rows.map((r) => r[12] ?? '')],
      });
    if (req.method === 'POST' && values === 'A:M:append') {
      if (req.query.valueInputOption !== 'RAW' && req.query.valueInputOption !== 'USER_ENTERED')
        return apiError(res, 400, "Invalid valueInputOption: ''", 'INVALID_ARGUMENT');
      const rows = (req.body as { values?: unknown })?.values;
      if (
        !Array.isArray(rows) ||
        !rows.every((r) => Array.isArray(r) && r.every((v) => typeof v === 'string'))
      )
        return apiError(res, 400, 'Invalid values', 'INVALID_ARGUMENT');
      const first = sheet.rows.length + 1;
      sheet.rows.push(...(rows as string[][]));
      return json(res, 200, {
        spreadsheetId: id,
        tableRange: `Leads!A1:M${first - 1}`,
        updates: {
          spreadsheetId: id,
          updatedRange: `Leads!A${first}:M${sheet.rows.length}`,
          updatedRows: rows.length,
        },
      });
    }
    return apiError(res, 400, `Unexpected ${req.method} ${req.path}`, 'INVALID_ARGUMENT');
  }

  function route(req: GoogleRequest, res: ServerResponse) {
    const failure = failures.findIndex((f) => f.match.test(`${req.method} ${req.path}`));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      if (f?.status === 0) {
        res.socket?.destroy();
        return;
      }
      return json(
        res,
        f?.status ?? 500,
        f?.body ?? { error: { code: f?.status, message: 'Injected failure' } },
      );
    }
    if (req.method === 'POST' && req.path === '/token') return tokenEndpoint(req, res);
    if (req.method === 'POST' && req.path === '/revoke') {
      const value = ((req.body ?? {}) as Record<string, string>).token ?? '';
      const grant = grants.get(value) ?? accessTokens.get(value)?.grant;
      if (!grant) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
      grant.revoked = true;
      return json(res, 200, {});
    }
    if (req.method === 'GET' && req.path === '/drive/v3/about') {
      const grant = bearer(req, res);
      if (!grant) return;
      if (!req.query.fields)
        return apiError(res, 400, 'The fields parameter is required.', 'INVALID_ARGUMENT');
      return json(res, 200, { user: { emailAddress: grant.email, displayName: grant.email.split('@')[0] } });
    }
    if (req.path.startsWith('/v4/spreadsheets')) return sheetsApi(req, res);
    return apiError(res, 404, `No such path ${req.path}`, 'NOT_FOUND');
  }

  const server = createServer((incoming: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const contentType = incoming.headers['content-type'];
      let body: unknown;
      if (text && contentType?.startsWith('application/x-www-form-urlencoded'))
        body = Object.fromEntries(new URLSearchParams(text));
      else if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const request: GoogleRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: incoming.headers.authorization,
        contentType,
        body,
      };
      requests.push(request);
      route(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    requests,
    problems,
    sheets,
    /** The person signs in as `email` and allows the consent asked for at `consentUrl`: the code. */
    consent(consentUrl: string, email: string): string {
      const url = new URL(consentUrl);
      const code = token('4/fake-');
      codes.set(code, {
        email,
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        used: false,
      });
      return code;
    },
    /** Every access token issued so far stops working (as if an hour passed). */
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expired = true;
    },
    /** The person removed the app's access in their Google account. */
    revokeAll() {
      for (const g of grants.values()) g.revoked = true;
    },
    /** The next request whose `METHOD /path` matches is answered with this status (0: the connection drops). */
    failNext(match: RegExp, status: number, body?: unknown) {
      failures.push({ match, status, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
