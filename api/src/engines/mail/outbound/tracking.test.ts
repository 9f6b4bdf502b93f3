import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { load } from 'cheerio';
import {
  CLICK_MIN_DELAY_MS,
  OPEN_MIN_DELAY_MS,
  TRACKING_ID_BYTES,
  classifyClick,
  classifyOpen,
  createTrackingId,
  insertOpenPixel,
  isTrackingId,
  openPixel,
  rewriteLinks,
  trackingUrl,
  type EngagementClass,
} from './tracking';

const ORIGIN = 'https://t.sender.example';
const UNSUBSCRIBE = 'https://app.leadforge.example/email-unsubscribe/abc';

/** Rewrites with real ids and remembers which target each id was made for. */
function rewrite(html: string) {
  const made: Array<{ id: string; url: string }> = [];
  const result = rewriteLinks(
    html,
    (url) => {
      const id = createTrackingId();
      made.push({ id, url });
      return id;
    },
    { clickUrl: (id) => trackingUrl(ORIGIN, 'click', id), keep: (url) => url === UNSUBSCRIBE },
  );
  return { ...result, made };
}

function hrefs(html: string): string[] {
  const $ = load(html);
  return $('a[href], area[href]')
    .map((_, element) => element.attribs.href ?? '')
    .get();
}

describe('tracking ids and URLs', () => {
  it('makes random URL-safe ids of at least 128 bits', () => {
    const ids = new Set(Array.from({ length: 5_000 }, () => createTrackingId()));
    assert.equal(ids.size, 5_000);
    assert.ok(TRACKING_ID_BYTES * 8 >= 128);
    for (const id of ids) assert.ok(isTrackingId(id), id);
    assert.equal(isTrackingId('../../etc/passwd'), false);
    assert.equal(isTrackingId('https://evil.example/'), false);
    assert.equal(isTrackingId(42), false);
  });

  it('builds pixel and click URLs on the tracking origin, keeping a path prefix', () => {
    const id = createTrackingId();
    assert.equal(trackingUrl('https://t.sender.example', 'click', id), `https://t.sender.example/t/c/${id}`);
    assert.equal(trackingUrl('https://example.com/app/', 'open', id), `https://example.com/app/t/o/${id}`);
    assert.throws(() => trackingUrl('javascript:alert(1)', 'click', id), /http/);
    assert.throws(() => trackingUrl('https://t.example/?next=x', 'click', id), /plain origin/);
    assert.throws(() => trackingUrl(ORIGIN, 'click', 'https://evil.example'), /tracking id/);
  });
});

describe('link rewriting', () => {
  it('wraps every http(s) link and leaves mailto, tel, anchors, relative links and the unsubscribe link', () => {
    const html = [
      '<p><a href="https://site.example/pricing?a=1&amp;b=2">Pricing</a>',
      "<a class=btn HREF='HTTP://Site.Example/Docs'>Docs</a>",
      '<a href=https://site.example/plain>plain</a>',
      '<a href="mailto:ann@sender.example">mail</a> <a href="tel:+3312345">call</a>',
      '<a href="#top">top</a> <a href="/relative">rel</a> <a href="{{calendar_link}}">tpl</a>',
      '<a href="javascript:alert(1)">js</a>',
      `<a href="${UNSUBSCRIBE}">Unsubscribe</a>`,
      '<map><area shape="rect" coords="0,0,1,1" href="https://site.example/area"></map></p>',
    ].join('\n');
    const { html: out, links, made } = rewrite(html);
    assert.deepEqual(
      links.map((link) => link.url),
      [
        'https://site.example/pricing?a=1&b=2',
        'http://site.example/Docs',
        'https://site.example/plain',
        'https://site.example/area',
      ],
    );
    assert.deepEqual(made, links);
    assert.deepEqual(hrefs(out), [
      ...links.slice(0, 3).map((link) => `${ORIGIN}/t/c/${link.id}`),
      'mailto:ann@sender.example',
      'tel:+3312345',
      '#top',
      '/relative',
      '{{calendar_link}}',
      'javascript:alert(1)',
      UNSUBSCRIBE,
      `${ORIGIN}/t/c/${links[3]?.id}`,
    ]);
    // The tracked targets appear nowhere in the message: the server alone resolves an id.
    for (const { url } of links) assert.ok(!out.includes(url) && !out.includes(url.replace('&', '&amp;')), url);
  });

  it('changes nothing but the href attributes it wraps', () => {
    const html =
      '<!doctype html>\r\n<html><head><style>a{color:red}</style></head><body>\r\n<p>Caf\u00e9 \u{1F600} <b>bold</b> <a title="x>y" href="https://site.example/x" data-k=1>link</a></p>\r\n</body></html>';
    const { html: out, links } = rewrite(html);
    assert.equal(links.length, 1);
    const id = links[0]?.id as string;
    assert.equal(out, html.replace('href="https://site.example/x"', `href="${ORIGIN}/t/c/${id}"`));
  });

  it('leaves links in comments, conditional comments and scripts alone', () => {
    const html =
      '<!-- <a href="https://old.example/">old</a> --><!--[if mso]><a href="https://mso.example/">o</a><![endif]--><script>var s = \'<a href="https://js.example/">\';</script><a href="https://ok.example/">ok</a>';
    const { html: out, links } = rewrite(html);
    assert.deepEqual(
      links.map((link) => link.url),
      ['https://ok.example/'],
    );
    assert.ok(
      out.startsWith(
        '<!-- <a href="https://old.example/">old</a> --><!--[if mso]><a href="https://mso.example/">o</a><![endif]--><script>',
      ),
    );
  });

  it('copes with broken HTML and an empty body', () => {
    assert.deepEqual(rewrite('').links, []);
    const { html: out, links } = rewrite(
      '<div><a href="https://site.example/a">unclosed <a href="https://site.example/b">second',
    );
    assert.equal(links.length, 2);
    assert.deepEqual(
      hrefs(out),
      links.map((link) => `${ORIGIN}/t/c/${link.id}`),
    );
  });

  it('refuses an id that is not a tracking id, so no target can leak into a link', () => {
    assert.throws(
      () => rewriteLinks('<a href="https://site.example/">x</a>', (url) => url, { clickUrl: (id) => `${ORIGIN}/t/c/${id}` }),
      /tracking id/,
    );
  });
});

describe('open pixel', () => {
  const url = `${ORIGIN}/t/o/${createTrackingId()}`;

  it('goes just before </body>', () => {
    const html = '<html><body><p>Hi</p></BODY></html>';
    assert.equal(insertOpenPixel(html, url), `<html><body><p>Hi</p>${openPixel(url)}</BODY></html>`);
  });

  it('goes before </html> or at the end when there is no </body>', () => {
    assert.equal(insertOpenPixel('<html><p>Hi</p></html>', url), `<html><p>Hi</p>${openPixel(url)}</html>`);
    assert.equal(insertOpenPixel('<p>Hi</p>', url), `<p>Hi</p>${openPixel(url)}`);
  });

  it('is a 1×1 image whose URL cannot break out of its attribute', () => {
    const pixel = openPixel('https://t.example/t/o/x"><script>');
    const img = load(pixel)('img')[0];
    assert.equal(img?.attribs.src, 'https://t.example/t/o/x"><script>');
    assert.equal(img?.attribs.width, '1');
    assert.equal(load(pixel)('script').length, 0);
  });
});

const SENT = new Date('2026-03-02T09:00:00Z');
const later = (ms: number) => new Date(SENT.getTime() + ms);
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const APPLE_MAIL = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';

function reasonOf(result: EngagementClass): string {
  return result.kind === 'human' ? 'human' : result.reason;
}

describe('machine opens', () => {
  const open = (userAgent: string | null, ip: string | null, afterMs = 3_600_000) =>
    reasonOf(classifyOpen({ userAgent, ip, sentAt: SENT, at: later(afterMs) }));

  it('counts a person reading in a browser or a desktop client', () => {
    assert.equal(open(DESKTOP_CHROME, '203.0.113.10'), 'human');
    assert.equal(open('Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)', '198.51.100.7'), 'human');
    assert.equal(open(APPLE_MAIL, '198.51.100.8'), 'human');
  });

  it('flags Apple Mail Privacy Protection by its agent and by Apple’s network, also as IPv4-mapped IPv6', () => {
    assert.equal(open('Mozilla/5.0', '198.51.100.9'), 'apple_privacy_protection');
    assert.equal(open(APPLE_MAIL, '17.58.101.4'), 'apple_privacy_protection');
    assert.equal(open(APPLE_MAIL, '::ffff:17.58.101.4'), 'apple_privacy_protection');
  });

  it('uses published egress ranges handed to it', () => {
    const signals = { appleRanges: ['17.0.0.0/8', '172.224.224.0/27', '2a02:26f7:b3c0:4000::/64'], scannerRanges: [] };
    assert.equal(
      reasonOf(classifyOpen({ userAgent: APPLE_MAIL, ip: '172.224.224.7', sentAt: SENT, at: later(3_600_000) }, signals)),
      'apple_privacy_protection',
    );
    assert.equal(
      reasonOf(
        classifyOpen({ userAgent: APPLE_MAIL, ip: '2a02:26f7:b3c0:4000::12', sentAt: SENT, at: later(3_600_000) }, signals),
      ),
      'apple_privacy_protection',
    );
    assert.equal(
      reasonOf(classifyOpen({ userAgent: APPLE_MAIL, ip: '172.224.225.7', sentAt: SENT, at: later(3_600_000) }, signals)),
      'human',
    );
  });

  it('flags webmail image proxies', () => {
    assert.equal(
      open('Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', '66.249.84.1'),
      'image_proxy',
    );
    assert.equal(open('YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html', '98.137.1.1'), 'image_proxy');
  });

  it('flags opens within a minute of sending, gateways, programs and missing agents', () => {
    assert.equal(open(DESKTOP_CHROME, '203.0.113.10', OPEN_MIN_DELAY_MS - 1), 'too_soon_after_send');
    assert.equal(open(DESKTOP_CHROME, '203.0.113.10', OPEN_MIN_DELAY_MS), 'human');
    assert.equal(open(DESKTOP_CHROME, '203.0.113.10', -5_000), 'too_soon_after_send');
    assert.equal(open('Barracuda Sentinel (EE)', '64.235.144.1'), 'security_scanner');
    assert.equal(open('python-requests/2.31.0', '203.0.113.11'), 'bot_user_agent');
    assert.equal(open(null, '203.0.113.12'), 'missing_user_agent');
    assert.equal(open('   ', null), 'missing_user_agent');
  });
});

describe('machine clicks', () => {
  const DELIVERED = later(2_000);
  const click = (method: string, userAgent: string | null, afterDeliveryMs = 600_000, ip = '203.0.113.20') =>
    reasonOf(
      classifyClick({ method, userAgent, ip, deliveredAt: DELIVERED, at: new Date(DELIVERED.getTime() + afterDeliveryMs) }),
    );

  it('counts a person clicking in a browser, including through iCloud Private Relay', () => {
    assert.equal(click('GET', DESKTOP_CHROME), 'human');
    assert.equal(
      click(
        'get',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        600_000,
        '17.5.7.8',
      ),
      'human',
    );
  });

  it('flags HEAD requests and other methods', () => {
    assert.equal(click('HEAD', DESKTOP_CHROME), 'head_request');
    assert.equal(click('OPTIONS', DESKTOP_CHROME), 'head_request');
  });

  it('flags known link scanners by their agents', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Barracuda Email Protection)',
      'Proofpoint URL Defense',
      'Mimecast-URL-Protect/1.0',
      'Microsoft Office Existence Discovery',
      'Mozilla/5.0 (compatible; Symantec Email Security.cloud)',
      'Cisco IronPort URL Filter',
      'Trend Micro Email Security',
    ]) {
      assert.equal(click('GET', agent), 'security_scanner', agent);
    }
    assert.equal(click('GET', 'curl/8.5.0'), 'bot_user_agent');
    assert.equal(
      click('GET', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36'),
      'bot_user_agent',
    );
  });

  it('flags clicks within seconds of delivery, and a scanner network handed to it', () => {
    assert.equal(click('GET', DESKTOP_CHROME, CLICK_MIN_DELAY_MS - 1), 'too_soon_after_delivery');
    assert.equal(click('GET', DESKTOP_CHROME, CLICK_MIN_DELAY_MS), 'human');
    assert.equal(
      reasonOf(classifyClick({ method: 'GET', userAgent: DESKTOP_CHROME, ip: '40.94.10.1', deliveredAt: null, at: later(0) })),
      'human',
    );
    assert.equal(
      reasonOf(
        classifyClick(
          { method: 'GET', userAgent: DESKTOP_CHROME, ip: '40.94.10.1', deliveredAt: null, at: later(0) },
          { appleRanges: [], scannerRanges: ['40.94.0.0/16'] },
        ),
      ),
      'security_scanner',
    );
  });
});
