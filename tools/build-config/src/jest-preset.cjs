// Jest configuration for every front-end package (host, remotes, shared/*, contracts).
// @swc/jest is ~2x faster cold than ts-jest on these machines. CI always starts with a cold cache,
// so what is transformed at all matters as much as how fast (see transformIgnorePatterns).
const path = require('node:path');

const swcTransform = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// @leadforge/ui's index re-exports ServerPagedTable, whose @ant-design/pro-components import brings
// every pro component, the whole icon set and lodash-es (about 2,800 of the 5,000 modules a
// component test loaded) into every test file that imports the kit. Required lazily, that module
// loads only where something reads the export; a screen that renders the table still gets it.
const [swc, swcOptions] = swcTransform;
const uiIndexTransform = [
  swc,
  { ...swcOptions, module: { ...swcOptions.module, lazy: ['./table/server-paged-table'] } },
];

function createJestConfig(rootDir, overrides = {}) {
  return {
    rootDir,
    testEnvironment: require.resolve('jest-environment-jsdom'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '[/\\\\]shared[/\\\\]ui[/\\\\]src[/\\\\]index\\.ts$': uiIndexTransform,
      '^.+\\.(t|j|mj|cj)sx?$': swcTransform,
    },
    // The CommonJS builds in node_modules (antd/lib, @rc-component/*/lib, @ant-design/icons/lib,
    // zod's .cjs, …: all but a few dozen of the files the tests load) run as published: swc had
    // nothing to do to them, but on a cold cache each was still transformed and written to the
    // cache. ESM-only packages (jotai, lodash-es, …) are still transformed; an ESM file in a lib/
    // folder would fail loudly with "Cannot use import statement outside a module".
    transformIgnorePatterns: ['/node_modules/.+/(lib|cjs)/.+\\.js$', '/node_modules/.+\\.cjs$'],
    moduleNameMapper: {
      '\\.(css|less)$': require.resolve('identity-obj-proxy'),
      '\\.(svg|png|jpg|woff2?)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'jest-polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs'), path.join(__dirname, 'jest-selector-cache.cjs')],
    cacheDirectory: path.join(rootDir, '..', '..', 'node_modules', '.cache', 'jest'),
    ...overrides,
  };
}

module.exports = { createJestConfig, swcTransform };
