import { useI18n } from '../i18n/index.js';

/** A page, game or link that does not exist: that sentence alone, and the way home. */
export function NotFound({ message }: { message?: string }) {
  const { t } = useI18n();
  return (
    <section class="page not-found" data-testid="not-found">
      <h1>{message ?? t.common.notFound}</h1>
      <p>
        <a href="/" class="button primary" data-testid="not-found-home">
          {t.common.backHome}
        </a>
      </p>
    </section>
  );
}
