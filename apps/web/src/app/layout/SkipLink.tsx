import { useTranslation } from 'react-i18next';

/** Lets keyboard users jump past the header and navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main-content" className="vw-skip-link">
      {t('app.skipToContent')}
    </a>
  );
}
