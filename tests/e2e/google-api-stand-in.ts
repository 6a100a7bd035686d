// Firebase's popup sign-in talks to its helper iframe through Google's `gapi.iframes` (https://apis.google.com/js/api.js),
// and the Auth Emulator's helper iframe loads that script too. The test machine has no Internet, so the specs route the
// script to this stand-in: the few calls both sides make (load, getContext, open, ping, register, send,
// getParentIframe) over postMessage. Everything else is real: the Firebase SDK, the emulator's IdP page and iframe,
// the server.
import type { BrowserContext } from '@playwright/test';

const STAND_IN = `
(function () {
  var sequence = 0;
  var pending = {};
  var channels = [];
  function channel(target) {
    var handlers = {};
    var queued = [];
    var self = {
      target: target,
      handlers: handlers,
      queued: queued,
      register: function (name, handler) {
        handlers[name] = handler;
        queued.filter(function (m) { return m.message.name === name; }).forEach(function (m) { answer(self, m.message, m.source); });
      },
      send: function (name, data, callback) {
        var id = 'gapi-stand-in-' + ++sequence;
        pending[id] = callback;
        self.target.postMessage({ gapiStandIn: 'send', id: id, name: name, data: data }, '*');
      },
    };
    channels.push(self);
    return self;
  }
  function answer(self, message, source) {
    var result = self.handlers[message.name](message.data);
    source.postMessage({ gapiStandIn: 'reply', id: message.id, responses: [result] }, '*');
  }
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || !message.gapiStandIn) return;
    if (message.gapiStandIn === 'reply') {
      var callback = pending[message.id];
      delete pending[message.id];
      if (callback) callback(message.responses);
      return;
    }
    var self = channels.filter(function (c) { return c.target === event.source; })[0];
    if (!self) return;
    if (self.handlers[message.name]) answer(self, message, event.source);
    else self.queued.push({ message: message, source: event.source });
  });
  function opened(iframe, target) {
    var self = channel(target);
    var loaded = new Promise(function (resolve) { iframe.addEventListener('load', resolve); });
    self.restyle = function () { return Promise.resolve(); };
    self.ping = function (callback) { return loaded.then(function () { callback(); }); };
    return self;
  }
  var context = {
    open: function (options, onOpen) {
      var iframe = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes.style || {}).forEach(function (key) { iframe.style[key] = attributes.style[key]; });
      if (attributes['aria-hidden']) iframe.setAttribute('aria-hidden', attributes['aria-hidden']);
      if (attributes.tabindex) iframe.setAttribute('tabindex', attributes.tabindex);
      iframe.src = options.url;
      var self = opened(iframe, null);
      (options.where || document.body).appendChild(iframe);
      self.target = iframe.contentWindow;
      return Promise.resolve(onOpen(self));
    },
    getParentIframe: function () { return channel(window.parent); },
  };
  var filter = function () { return true; };
  window.gapi = window.gapi || {};
  window.gapi.iframes = { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: filter, Iframe: function () {} };
  window.gapi.load = function (_name, options) { setTimeout(function () { (options.callback || options)(); }, 0); };
  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && window[onload]) window[onload]();
    if (window.gapi_onload) window.gapi_onload();
  }, 0);
})();
`;

/** Serves the stand-in for Google's script and fails the emulator IdP page's CDN styles at once (no Internet). */
export async function useGoogleApiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}
