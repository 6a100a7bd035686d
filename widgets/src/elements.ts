// The custom elements: r2wc turns each widget component into an element with an open shadow root; the subclass adds
// what r2wc leaves out: attribute removal, the shadow root's style sheets, the shared session, and the write-only
// `idToken` property (never reflected to an attribute, so a token never lands in the DOM).
import { r2wc } from './runtime/r2wc';
import { resolveApiBase } from './api-base';
import { hostFor } from './host';
import { session, sessionEventOf } from './session/session';
import { adoptStyles } from './styles/registry';
import { WIDGET_SPECS, type WidgetSpec } from './widget-kinds';

// r2wc keeps the element's props and its render under these registered symbols (@r2wc/core).
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type R2wcElement = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
};

const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function propsOf(spec: WidgetSpec): string[] {
  return ['organization', 'locale', 'apiBase', ...(spec.idProp ? [spec.idProp] : [])];
}

function defineWidget(spec: WidgetSpec): void {
  if (customElements.get(spec.tag)) return;
  const props = Object.fromEntries(propsOf(spec).map((name) => [name, 'string' as const]));
  const Base = r2wc(hostFor(spec.kind), { shadow: 'open', props }) as unknown as new () => R2wcElement;

  class KiwiWidgetElement extends Base {
    #releaseStyles: (() => void) | null = null;
    #unsubscribe: (() => void) | null = null;

    constructor() {
      super();
      // A token set on the element before this script defined it (kiwi.js is a module script, so deferred: the page's
      // own scripts may run first) is an own property that hides the setter.
      if (Object.hasOwn(this, 'idToken')) {
        const token = (this as { idToken?: unknown }).idToken;
        delete (this as { idToken?: unknown }).idToken;
        this.idToken = typeof token === 'string' ? token : null;
      }
    }

    override connectedCallback(): void {
      // Likewise the other properties: handed to r2wc's setter, which also sets the attribute. Here rather than in the
      // constructor, so they win over the attributes the element had (the upgrade reports those after the constructor).
      for (const name of propsOf(spec)) {
        if (!Object.hasOwn(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as Record<string, unknown>)[name] = value;
      }
      this.#releaseStyles ??= adoptStyles(this.shadowRoot!);
      session.useApiBase(resolveApiBase(this.getAttribute('api-base')));
      // Each connected element tells the page about the shared session's sign-in and sign-out (bubbling, composed).
      this.#unsubscribe ??= session.subscribe((current, previous) => {
        const event = sessionEventOf(current, previous, this.getAttribute('organization'));
        if (event) this.dispatchEvent(new CustomEvent(event.name, { detail: event.detail, bubbles: true, composed: true }));
      });
      session.start();
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      // r2wc unmounts the widget: effects clean up, live streams are aborted.
      super.disconnectedCallback();
      this.#releaseStyles?.();
      this.#releaseStyles = null;
      this.#unsubscribe?.();
      this.#unsubscribe = null;
    }

    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      // r2wc ignores a removed (or emptied) attribute; the widget must fall back to its default.
      if (newValue === null || newValue === '') {
        const prop = camelCase(name);
        if (this[PROPS][prop] === undefined) return;
        this[PROPS][prop] = undefined;
        this[RENDER]();
        return;
      }
      super.attributeChangedCallback(name, oldValue, newValue);
    }

    /** Write-only: a Firebase ID token from the host page; it signs in every Kiwi widget of the page. */
    get idToken(): null {
      return null;
    }

    set idToken(token: string | null | undefined) {
      session.useApiBase(resolveApiBase(this.getAttribute('api-base')));
      session.handOver(token ?? null);
    }
  }

  customElements.define(spec.tag, KiwiWidgetElement);
}

/** Registers the five elements (a second copy of the script on the page leaves the first one's in place). */
export function defineKiwiElements(): void {
  for (const spec of WIDGET_SPECS) defineWidget(spec);
}
