import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type LayoutOptions = { setFooterHidden(hidden: boolean): void };

const LayoutOptionsContext = createContext<LayoutOptions>({ setFooterHidden: () => undefined });

export function LayoutOptionsProvider({ children }: { children: (options: { footerHidden: boolean }) => ReactNode }) {
  const [footerHidden, setFooterHidden] = useState(false);
  return <LayoutOptionsContext value={{ setFooterHidden }}>{children({ footerHidden })}</LayoutOptionsContext>;
}

/** A page that calls this is shown without the footer (SPEC §2: the footer can be hidden per page). */
export function useHideFooter(): void {
  const { setFooterHidden } = useContext(LayoutOptionsContext);
  useEffect(() => {
    setFooterHidden(true);
    return () => setFooterHidden(false);
  }, [setFooterHidden]);
}
