import { domainError, isValidDomain } from './domain';

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
  ] as const)('%j %j → %s', (value, options, expected) => {
    expect(isValidDomain(value, options)).toBe(expected);
    expect(domainError(value, options)).toBe(expected ? null : 'domain_invalid');
  });
});
