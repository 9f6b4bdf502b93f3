// jsdom lacks what react-router 7 and antd 6 expect from a browser.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent() {
        return false;
      },
    });
  }
  // antd 6 Form.Item schedules through MessageChannel; node's worker_threads one keeps jest alive,
  // so a timer-based shim stands in.
  class TimerMessageChannel {
    constructor() {
      const make = () => ({ onmessage: null, postMessage: null, close() {}, start() {} });
      this.port1 = make();
      this.port2 = make();
      this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage && this.port2.onmessage({ data }), 0);
      this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage && this.port1.onmessage({ data }), 0);
    }
  }
  globalThis.MessageChannel = TimerMessageChannel;
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!window.scrollTo) window.scrollTo = () => {};
  window.getComputedStyle = ((original) => (element, pseudo) => original(element, pseudo ? undefined : pseudo))(
    window.getComputedStyle,
  );
}
