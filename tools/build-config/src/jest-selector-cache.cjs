// jsdom's getComputedStyle matches every rule of every style sheet against the element, and for
// inherited properties (visibility) against each ancestor too, through nwsapi, which keeps only the
// last 1000 selectors it compiled. Once a drawer with a form is open, antd's CSS-in-JS has put about
// 1,900 distinct selectors in the document; a scan in rule order then evicts each selector before it
// comes round again, so every getByRole/findByRole (which checks that elements are not hidden)
// parsed and compiled every selector again for every element it looked at: most of this area's jest
// time. An unbounded cache gives the same matches, each selector compiled once; jsdom, and so the
// cache, is rebuilt for every test file.
if (typeof document !== 'undefined') {
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const documentImpl = implSymbol && document[implSymbol];
  const unbounded = (cache) => {
    const entries = new Map();
    cache.get = (key) => entries.get(key);
    cache.has = (key) => entries.has(key);
    cache.set = (key, value) => (entries.set(key, value), value);
    cache.clear = () => entries.clear();
    cache.size = () => entries.size;
  };
  const widen = (engine) => {
    unbounded(engine.matchResolvers);
    unbounded(engine.matchLambdas);
  };
  // jsdom creates the engine it matches style rules with on first use (helpers/selectors.js).
  if (documentImpl?._nwsapiDontThrow) widen(documentImpl._nwsapiDontThrow);
  else if (documentImpl) {
    let engine;
    Object.defineProperty(documentImpl, '_nwsapiDontThrow', {
      configurable: true,
      get: () => engine,
      set(value) {
        engine = value;
        widen(engine);
      },
    });
  }
}
