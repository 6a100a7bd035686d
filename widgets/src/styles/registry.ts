// The widgets' styles. Every `import './x.css'` of the widget build (the shared components' own CSS included) becomes a
// call of registerStyle (vite/style-registry-plugin.ts) instead of a <style> in the host page's <head>: nothing of ours
// leaks into the page, and every widget's shadow root adopts every sheet, also those a lazy chunk registers later.

const sheets: CSSStyleSheet[] = [];
const roots = new Set<ShadowRoot>();

/** Adds a sheet (in import order) and gives it to every shadow root that adopted the registry. */
export function registerStyle(css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  sheets.push(sheet);
  for (const root of roots) root.adoptedStyleSheets = [...sheets];
}

/** The shadow root takes every sheet now and every sheet registered later, until the returned release is called. */
export function adoptStyles(root: ShadowRoot): () => void {
  roots.add(root);
  root.adoptedStyleSheets = [...sheets];
  return () => {
    roots.delete(root);
  };
}
