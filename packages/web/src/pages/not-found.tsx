import { useI18n } from '../i18n/index.js';

export function NotFound() {
  const { t } = useI18n();
  return (
    <section class="page">
      <p>{t.common.notFound}</p>
      <p>
        <a href="/">{t.common.backHome}</a>
      </p>
    </section>
  );
}
