import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export type Tab = { key: string; label: string; panel: () => ReactNode };

/**
 * WAI-ARIA tabs (walking events, rewards, the moderation queue's statuses): arrow keys, Home and End move between tabs;
 * only the selected tab is in the tab order. `classNames` names the tab list and the panel (the page's tabs by default).
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  classNames = { list: 'page-tabs', panel: 'page-tabs__panel' },
}: {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (key: string) => void;
  classNames?: { list: string; panel: string };
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  );
  const move = (event: KeyboardEvent) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + tabs.length) % tabs.length;
    onSelect(tabs[wrapped]!.key);
    buttons.current[wrapped]?.focus();
  };
  const current = tabs[index]!;
  return (
    <>
      <div role="tablist" aria-label={label} className={classNames.list} onKeyDown={move}>
        {tabs.map((tab, at) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[at] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === current.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === current.key ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.key}`} className={classNames.panel}>
        {current.panel()}
      </div>
    </>
  );
}
