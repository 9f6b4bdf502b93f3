const path = require('node:path');

module.exports = require('@leadforge/build-config/jest-preset').createJestConfig(__dirname, {
  testEnvironment: path.join(__dirname, 'jest-environment.cjs'),
  // Whole-shell renders (antd + pro-components in jsdom) take seconds when cold.
  testTimeout: 30_000,
});
