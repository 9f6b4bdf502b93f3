// Real screens (ProTable, upload, forms) take seconds to mount in jsdom on two cores; the composed
// root run sets the same 30 s (jest reads testTimeout only there when run from the root).
module.exports = require('@leadforge/build-config/jest-preset').createJestConfig(__dirname, { testTimeout: 30_000 });
