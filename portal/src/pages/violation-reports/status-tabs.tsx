import type { ReactNode } from 'react';
import { Tabs } from '../tabs';

const CLASS_NAMES = { list: 'moderation-tabs', panel: 'moderation-panel' };

/** The queue's status filter as WAI-ARIA tabs over one panel (the list of the selected status). */
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
  return (
    <Tabs
      label={label}
      tabs={tabs.map((tab) => ({ ...tab, panel: () => children }))}
      selected={selected}
      onSelect={onSelect}
      classNames={CLASS_NAMES}
    />
  );
}
