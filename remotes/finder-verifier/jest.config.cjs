module.exports = require('@leadforge/build-config/jest-preset').createJestConfig(__dirname);
