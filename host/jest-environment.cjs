// jsdom lacks the fetch classes; react-router 7's data router builds a `Request` for every
// navigation. Node 20 has them (undici), so they are handed into the test window.
const JsdomEnvironment = require(require.resolve('jest-environment-jsdom', { paths: [require.resolve('@leadforge/build-config/jest-preset')] })).default;

class ShellTestEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    for (const name of ['Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal']) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = ShellTestEnvironment;
