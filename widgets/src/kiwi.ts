// Entry of /widgets/kiwi.js. The custom elements (<kiwi-events>, <kiwi-guild-chat>, <kiwi-coin-message>,
// <kiwi-survey>) are registered here by the Widgets issue (#8); until then the script only announces its version.
export const KIWI_WIDGETS_VERSION = '0.1.0';

declare global {
  interface Window {
    kiwiWidgets?: { version: string };
  }
}

window.kiwiWidgets = { version: KIWI_WIDGETS_VERSION };
