import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's heading, also set as the document title. */
export function PageTitle({ children, subtitle }: { children: string; subtitle?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${children} · ${t('brand.short')}`;
  }, [children, t]);
  return (
    <header className="page-header">
      <h1>{children}</h1>
      {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
    </header>
  );
}
