import { domainError, isValidDomain, isValidWebAddress, webAddressHost } from './domain';

describe('domain format', () => {
  it.each([
    ['', {}, true],
    ['   ', { requireProtocol: true }, true],
    [null, {}, true],
    ['example.com', {}, true],
    ['sub.example.co.uk', {}, true],
    ['my-site.io', {}, true],
    ['https://example.com', {}, true],
    ['http://example.com', { requireProtocol: true }, true],
    ['https://example.com', { requireProtocol: true }, true],
    ['example.com', { requireProtocol: true }, false],
    ['ftp://example.com', { requireProtocol: true }, false],
    ['ftp://example.com', {}, false],
    ['-example.com', {}, false],
    ['example-.com', {}, false],
    ['exa_mple.com', {}, false],
    ['example.c', {}, false],
    ['example.c0m', {}, false],
    ['example', {}, false],
    ['example..com', {}, false],
    ['пример.рф', {}, true],
    ['example.com/path', {}, false],
    ['xn--e1afmkfd.xn--p1ai', {}, true],
    ['example.xn--', {}, false],
  ] as const)('%j %j → %s', (value, options, expected) => {
    expect(isValidDomain(value, options)).toBe(expected);
    expect(domainError(value, options)).toBe(expected ? null : 'domain_invalid');
  });
});

describe('web address of a company website', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['https://acme.com', 'acme.com'],
    ['http://www.acme.co.uk', 'www.acme.co.uk'],
    ['https://acme.com/', 'acme.com'],
    ['www.acme.com', 'www.acme.com'],
    ['HTTPS://WWW.ACME.COM', 'WWW.ACME.COM'],
    ['https://acme.com/about/team', 'acme.com'],
    ['acme.com/about?utm_source=x&b=2#contact', 'acme.com'],
    ['https://acme.com?ref=1', 'acme.com'],
    ['https://acme.com#top', 'acme.com'],
    ['https://acme.com:8443/shop', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['https://acme.com./', 'acme.com'],
    ['  https://acme.com  ', 'acme.com'],
    ['https://пример.рф', 'пример.рф'],
    ['https://xn--e1afmkfd.xn--p1ai/', 'xn--e1afmkfd.xn--p1ai'],
    ['münchen.de', 'münchen.de'],
    ['my-company.io', 'my-company.io'],
  ])('%j is a company website (host %j)', (value, host) => {
    expect(webAddressHost(value)).toBe(host);
    expect(isValidWebAddress(value)).toBe(true);
  });

  it.each([
    'acme',
    'https://',
    'https://acme',
    'ftp://acme.com',
    'javascript:alert(1)',
    'mailto:sales@acme.com',
    'https://user:secret@acme.com',
    'https://user@acme.com',
    'sales@acme.com',
    '//acme.com',
    'https:/acme.com',
    'https://acme..com',
    'https://-acme.com',
    'https://acme-.com',
    'https://acme_corp.com',
    'https://acme.c',
    'https://acme.com:99999',
    'https://acme.com:0',
    'https://acme.com:port',
    'acme .com',
    'https://acme.com\\evil.com',
    'http://192.168.0.1',
    'not a url',
  ])('%j is not a company website', (value) => {
    expect(isValidWebAddress(value)).toBe(false);
  });
});
