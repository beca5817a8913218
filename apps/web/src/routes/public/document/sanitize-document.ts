import DOMPurify from 'dompurify';

/**
 * The server stores only sanitised documents; we sanitise again right before injecting because the
 * browser is the last line of defence. Styles are removed too: tenant content must not restyle the page.
 */
export function sanitizeDocumentHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
