import { hostVersionsFrom } from './host-versions';

describe('hostVersionsFrom', () => {
  it('reads each shared key with the version the host registered', () => {
    const versions = hostVersionsFrom({
      options: { shared: { react: [{ version: '19.3.1' }], '@leadforge/contracts': [{ version: '3.2.0' }] } },
    });
    expect(versions).toEqual({ contractsMajor: 3, shared: { react: '19.3.1', '@leadforge/contracts': '3.2.0' } });
  });

  it('answers for a package shared module by module with the version of its modules', () => {
    const versions = hostVersionsFrom({
      options: {
        shared: {
          '@leadforge/contracts': [{ version: '3.0.0' }],
          '@ant-design/icons/es/icons/UserOutlined': [{ version: '6.3.4' }],
          '@ant-design/icons/es/components/Context': [{ version: '6.3.4' }],
        },
      },
    });
    expect(versions.shared['@ant-design/icons']).toBe('6.3.4');
  });

  it('keeps the version a package registered itself over its sub-paths', () => {
    const versions = hostVersionsFrom({
      options: {
        shared: {
          '@leadforge/contracts': [{ version: '3.0.0' }],
          react: [{ version: '19.3.1' }],
          'react/jsx-runtime': [{ version: '19.0.0' }],
        },
      },
    });
    expect(versions.shared.react).toBe('19.3.1');
  });

  it('refuses a host that does not share the contracts', () => {
    expect(() => hostVersionsFrom({ options: { shared: { react: [{ version: '19.3.1' }] } } })).toThrow(/contracts/);
  });
});
