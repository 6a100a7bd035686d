import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/**
 * The queue's status filter as WAI-ARIA tabs over one panel (the list of the selected status): arrow keys, Home and
 * End move between tabs; only the selected tab is in the tab order.
 */
export function StatusTabs({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: { key: string; label: string }[];
  selected: string;
  onSelect: (key: string) => void;
  children: ReactNode;
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
    onSelect(tabs[wrapped]?.key ?? selected);
    buttons.current[wrapped]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="moderation-tabs" onKeyDown={move}>
        {tabs.map((tab, at) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[at] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={at === index}
            aria-controls={`${id}-panel`}
            tabIndex={at === index ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[index]?.key}`} className="moderation-panel">
        {children}
      </div>
    </>
  );
}
