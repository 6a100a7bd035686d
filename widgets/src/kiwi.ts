// Entry of the widgets (dist/assets/kiwi-<hash>.js, imported by the dist/kiwi.js loader): the base style sheet, the
// page's session and the five custom elements. Everything else loads when an element needs it (widget-kinds.ts).
import './styles/widget.css';
import { defineKiwiElements } from './elements';

export const KIWI_WIDGETS_VERSION = '0.1.0';

declare global {
  interface Window {
    kiwiWidgets?: { version: string };
  }
}

defineKiwiElements();
window.kiwiWidgets ??= { version: KIWI_WIDGETS_VERSION };
