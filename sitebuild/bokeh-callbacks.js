// The boards' Bokeh callbacks as the site's own script, so that no page needs 'unsafe-eval' (issue 36).
//
// BokehJS compiles the code of a CustomJS (and CustomJSFilter) model from a string with `new Function`,
// which a Content-Security-Policy without 'unsafe-eval' refuses. sitebuild/bokeh_callbacks.py writes
// every such code of the built pages, each as a function, into _static/js/bokeh-callbacks.js
// (window.tsrBokehCallbacks, keyed by the model's kind, its argument names and its code), then this
// script, loaded after BokehJS, which makes both kinds take their function from there. A code missing from the table
// is compiled as BokehJS would (and refused under the policy: the page's policy then allows it).
(function () {
  "use strict";
  const table = window.tsrBokehCallbacks || {};
  const key = (kind, names, code) => `${kind}\n${names.join(",")}\n${code}`;
  const entriesOf = (args) => (args instanceof Map ? [...args.entries()] : Object.entries(args || {}));
  const served = { hits: 0, misses: [] };  // read by tests/browser/test_csp.py
  window.tsrBokehCallbacksServed = served;

  const customJS = Bokeh.Models.get("CustomJS");
  if (customJS) {
    const compile = customJS.prototype._compile_function;
    customJS.prototype._compile_function = async function () {
      const pairs = entriesOf(this.args);
      const func = table[key("CustomJS", pairs.map(([name]) => name), this.code)];
      if (func === undefined) {
        served.misses.push(this.code.slice(0, 80));
        return compile.call(this);
      }
      served.hits += 1;
      const values = pairs.map(([, value]) => value);
      return function (...args) {
        return func.call(this, ...values, ...args);
      };
    };
  }

  const filter = Bokeh.Models.get("CustomJSFilter");
  if (filter) {
    const original = Object.getOwnPropertyDescriptor(filter.prototype, "func");
    Object.defineProperty(filter.prototype, "func", {
      configurable: true,
      get() {
        const func = table[key("CustomJSFilter", entriesOf(this.args).map(([name]) => name), this.code)];
        if (func === undefined) {
          served.misses.push(this.code.slice(0, 80));
          return original.get.call(this);
        }
        served.hits += 1;
        return func;
      },
    });
  }
})();
