import { describe, expect, it } from 'vitest';
import { findEmbedSnippet, findGtmContainers, renderEmbedSnippet } from './embed-snippet.js';

const ID = '12345678';

describe('renderEmbedSnippet', () => {
  it('loads /px.js from the agency origin with the campaign id as a data attribute', () => {
    expect(renderEmbedSnippet({ scriptOrigin: 'https://leads.northwind.example', campaignId: ID })).toBe(
      '<script async src="https://leads.northwind.example/px.js" data-campaign-id="12345678"></script>',
    );
    // A development origin keeps its scheme and port; a trailing path is dropped.
    expect(renderEmbedSnippet({ scriptOrigin: 'http://northwind.localhost:3000/', campaignId: ID })).toBe(
      '<script async src="http://northwind.localhost:3000/px.js" data-campaign-id="12345678"></script>',
    );
  });

  it('is found by the detector', () => {
    const snippet = renderEmbedSnippet({ scriptOrigin: 'https://a.example', campaignId: ID });
    expect(findEmbedSnippet(`<html><head>${snippet}</head></html>`, ID)).toEqual({
      src: 'https://a.example/px.js',
    });
  });

  it.each([
    ['1234567', 'https://a.example'],
    ['123456789', 'https://a.example'],
    ['1234567a', 'https://a.example'],
    [ID, 'javascript:alert(1)'],
    [ID, 'not a url'],
  ])('refuses campaign id %s with origin %s', (campaignId, scriptOrigin) => {
    expect(() => renderEmbedSnippet({ scriptOrigin, campaignId })).toThrow();
  });
});

describe('findEmbedSnippet', () => {
  it.each([
    ['as rendered', '<script async src="https://a.example/px.js" data-campaign-id="12345678"></script>'],
    [
      'attributes in another order',
      '<script data-campaign-id="12345678" src="https://a.example/px.js" async></script>',
    ],
    ['single quotes', "<script src='https://a.example/px.js' data-campaign-id='12345678'></script>"],
    ['no quotes', '<script src=https://a.example/px.js data-campaign-id=12345678></script>'],
    ['spaces around =', '<script src = "https://a.example/px.js"  data-campaign-id = "12345678" ></script>'],
    [
      'line breaks',
      '<script\n  defer\n  src="https://a.example/px.js"\n  data-campaign-id="12345678"\n></script>',
    ],
    ['upper case', '<SCRIPT SRC="https://A.EXAMPLE/px.js" DATA-CAMPAIGN-ID="12345678"></SCRIPT>'],
    ['defer, no async', '<script defer src="https://a.example/px.js" data-campaign-id="12345678"></script>'],
    ['http', '<script src="http://a.example/px.js" data-campaign-id="12345678"></script>'],
    ['protocol-relative', '<script src="//a.example/px.js" data-campaign-id="12345678"></script>'],
    ['a port', '<script src="http://northwind.localhost:3000/px.js" data-campaign-id="12345678"></script>'],
    [
      'a cache-busting query',
      '<script src="https://a.example/px.js?v=2" data-campaign-id="12345678"></script>',
    ],
    [
      'a type attribute',
      '<script type="text/javascript" src="https://a.example/px.js" data-campaign-id="12345678"></script>',
    ],
    ['spaces inside the id', '<script src="https://a.example/px.js" data-campaign-id=" 12345678 "></script>'],
    [
      'an escaped slash',
      '<script src="https:&#x2F;&#x2F;a.example&#x2F;px.js" data-campaign-id="12345678"></script>',
    ],
    [
      '> inside another attribute',
      '<script data-note="a > b" src="https://a.example/px.js" data-campaign-id="12345678"></script>',
    ],
    ['self-closing', '<script src="https://a.example/px.js" data-campaign-id="12345678" />'],
    [
      'among other scripts',
      '<script>var x = "<b>";</script><script src="https://cdn.example/app.js"></script>\n<script async src="https://a.example/px.js" data-campaign-id="12345678"></script>',
    ],
  ])('finds the snippet: %s', (_label, html) => {
    expect(
      findEmbedSnippet(`<!doctype html><html><body><p>Shop</p>${html}</body></html>`, ID),
    ).not.toBeNull();
  });

  it.each([
    ['another campaign', '<script src="https://a.example/px.js" data-campaign-id="87654321"></script>'],
    [
      'an id that only starts with it',
      '<script src="https://a.example/px.js" data-campaign-id="123456789"></script>',
    ],
    ['no id', '<script src="https://a.example/px.js"></script>'],
    [
      'the id on another attribute',
      '<script src="https://a.example/px.js" data-campaign="12345678"></script>',
    ],
    ['another script', '<script src="https://a.example/pixel.js" data-campaign-id="12345678"></script>'],
    [
      'a path that ends like it',
      '<script src="https://a.example/assets/px.js" data-campaign-id="12345678"></script>',
    ],
    ['a relative src', '<script src="/px.js" data-campaign-id="12345678"></script>'],
    ['another scheme', '<script src="ftp://a.example/px.js" data-campaign-id="12345678"></script>'],
    [
      'inside an HTML comment',
      '<!-- <script src="https://a.example/px.js" data-campaign-id="12345678"></script> -->',
    ],
    [
      'shown as text',
      '&lt;script src="https://a.example/px.js" data-campaign-id="12345678"&gt;&lt;/script&gt;',
    ],
    ['on another tag', '<img src="https://a.example/px.js" data-campaign-id="12345678">'],
    [
      'a script-like tag name',
      '<scripts src="https://a.example/px.js" data-campaign-id="12345678"></scripts>',
    ],
  ])('does not take %s for the snippet', (_label, html) => {
    expect(findEmbedSnippet(`<html><body>${html}</body></html>`, ID)).toBeNull();
  });

  it('reads a page with no scripts, an empty page and an unclosed tag', () => {
    expect(findEmbedSnippet('', ID)).toBeNull();
    expect(findEmbedSnippet('<html><body>Hello</body></html>', ID)).toBeNull();
    expect(
      findEmbedSnippet('<script src="https://a.example/px.js" data-campaign-id="12345678"', ID),
    ).toBeNull();
  });
});

describe('findGtmContainers', () => {
  const gtmHead = `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-AB12CD3');</script>`;
  const gtmBody =
    '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-AB12CD3" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>';

  it.each([
    ["Google's install code (head and body)", `${gtmHead}${gtmBody}`, ['GTM-AB12CD3']],
    ['the head part only', gtmHead, ['GTM-AB12CD3']],
    ['the noscript part only', gtmBody, ['GTM-AB12CD3']],
    [
      'two containers',
      `${gtmHead}<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ZZ99YY"></script>`,
      ['GTM-AB12CD3', 'GTM-ZZ99YY'],
    ],
    ['a container id with no loader', '<p>Our GTM-AB12CD3 setup</p>', []],
    ['the install code commented out', `<!-- ${gtmHead} -->`, []],
    ['no tag manager', '<html></html>', []],
  ])('%s', (_label, html, ids) => {
    expect(findGtmContainers(html)).toEqual(ids);
  });
});
