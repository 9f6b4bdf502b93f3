// Jest configuration for every front-end package (host, remotes, shared/*, contracts).
// antd, jotai, @ant-design/* and others ship ESM only, so nothing in node_modules is skipped by
// the transform; @swc/jest is ~2x faster cold than ts-jest on these machines.
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

function createJestConfig(rootDir, overrides = {}) {
  return {
    rootDir,
    testEnvironment: require.resolve('jest-environment-jsdom'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.(t|j|mj|cj)sx?$': swcTransform },
    transformIgnorePatterns: [],
    moduleNameMapper: {
      '\\.(css|less)$': require.resolve('identity-obj-proxy'),
      '\\.(svg|png|jpg|woff2?)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'jest-polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
    cacheDirectory: path.join(rootDir, '..', '..', 'node_modules', '.cache', 'jest'),
    ...overrides,
  };
}

module.exports = { createJestConfig, swcTransform };
