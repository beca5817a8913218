import type { FastifyInstance } from 'fastify';

/*
 * The sandboxes' own pages (the payment gateway's onboarding, the integrations' consent screens):
 * plain server-rendered HTML playing a third party's hosted page, labelled Sandbox on every line a
 * person reads, with no script and nothing embeddable. One shell, one escape, one form parser.
 */

/** No script, no embedding, nothing cached; forms may post to this page (`formAction` adds where else). */
export function sandboxPageHeaders(formAction?: string) {
  return {
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline';${
      formAction ? ` form-action ${formAction};` : ''
    } base-uri 'none'; frame-ancestors 'none'`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The pages' HTML forms (application/x-www-form-urlencoded, 16 KB at most) as a plain object. */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

const BASE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f7f9; }
  .banner { background: #8a3b00; color: #fff; padding: 0.75rem 1.5rem; font-weight: 700; letter-spacing: 0.04em; }
  main { margin: 1.5rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  button { font: inherit; padding: 0.5rem 0.9rem; border-radius: 6px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d4ed8; }
  a { color: #1d4ed8; }
  .error { color: #9b1c1c; font-weight: 600; }`;

/** A whole sandbox page: the banner saying what is not real, the title, the body (already escaped). */
export function sandboxPage(input: {
  title: string;
  banner: string;
  body: string;
  /** The main column's width, in rem. */
  width: number;
  /** The page's own styles beside the shared ones. */
  style?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox: ${escapeHtml(input.title)}</title>
<style>${BASE_STYLE}
  main { max-width: ${input.width}rem; }${input.style ?? ''}
</style>
</head>
<body>
<div class="banner" role="banner">${escapeHtml(input.banner)}</div>
<main>
<h1>Sandbox: ${escapeHtml(input.title)}</h1>
${input.body}
</main>
</body>
</html>`;
}
