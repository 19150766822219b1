import { useEffect, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { navigate } from '../router.js';
import { errorText } from '../ui.js';

/** Opening an invite link takes the free seat and goes straight to the board. */
export function Invite({ token }: { token: string }) {
  const { t } = useI18n();
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    let live = true;
    api.acceptInvite(token).then((r) => {
      if (!live) return;
      if (r.ok) navigate(`/play/${r.value.id}`, true);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section class="page">
      <h1>{t.invite.title}</h1>
      {error ? (
        <p class="error" role="alert" data-testid="error">
          {t.invite.failed.replace('{message}', errorText(t, error))}
        </p>
      ) : (
        <p>{t.invite.joining}</p>
      )}
    </section>
  );
}
