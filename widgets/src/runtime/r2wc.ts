// @r2wc/core with React's renderer written against named exports. @r2wc/react-to-web-component does the same in three
// functions but with `import React from 'react'`, which in the widgets is preact/compat's default export: an object of
// every compat function, so all of them (hydrate, Children, PureComponent, createFactory, findDOMNode, ...) stayed in the
// entry although the widgets use a few (-1.2 kB gzip on every widget once nothing else imports that default).
import r2wcCore, { type R2WCBaseProps, type R2WCOptions } from '@r2wc/core';
import { type ComponentType, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type Context<Props> = { root: Root; ReactComponent: ComponentType<Props> };

/** A custom element class rendering `ReactComponent` in its shadow root, attributes as props (r2wc's options). */
export function r2wc<Props extends object>(ReactComponent: ComponentType<Props>, options: R2WCOptions<Props>): CustomElementConstructor {
  return r2wcCore<Props & R2WCBaseProps, Context<Props>>(ReactComponent as ComponentType<Props & R2WCBaseProps>, options, {
    mount(container, Component, props) {
      const root = createRoot(container);
      root.render(createElement(Component, props));
      return { root, ReactComponent: Component };
    },
    update({ root, ReactComponent: Component }, props) {
      root.render(createElement(Component, props));
    },
    unmount({ root }) {
      root.unmount();
    },
  });
}
