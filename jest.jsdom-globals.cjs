// jsdom leaves out what Node has and the router needs at import time, and ResizeObserver, which
// Fluent's message bar observes: jsdom lays nothing out, so no size ever changes to report.
const { TextDecoder, TextEncoder } = require('node:util');

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

Object.assign(globalThis, { TextDecoder, TextEncoder });
if (typeof window !== 'undefined' && !window.ResizeObserver) window.ResizeObserver = ResizeObserver;
