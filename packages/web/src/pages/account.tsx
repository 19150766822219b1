import { useEffect, useState } from 'preact/hooks';
import { type ApiError, type ApiResult, api, type Me } from '../api.js';
import { useI18n } from '../i18n/index.js';
import { ErrorLine, Rich } from '../ui.js';

function Credentials({
  submitLabel,
  testid,
  send,
}: {
  submitLabel: string;
  testid: string;
  send: (name: string, password: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        send(name, password);
      }}
    >
      <label>
        {t.account.name}
        <input
          name="name"
          autocomplete="username"
          required
          value={name}
          data-testid={`${testid}-name`}
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <label>
        {t.account.password}
        <input
          name="password"
          type="password"
          autocomplete={testid === 'register' ? 'new-password' : 'current-password'}
          required
          value={password}
          data-testid={`${testid}-password`}
          onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" class="primary" data-testid={`${testid}-submit`}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Guests play at once; registering keeps their games under a name. */
export function Account() {
  const { t } = useI18n();
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    api.me().then((r) => (r.ok ? setMe(r.value) : setError(r.error)));
  }, []);

  const settle = (r: ApiResult<Me>) => {
    if (r.ok) {
      setMe(r.value);
      setError(null);
    } else setError(r.error);
  };

  const logout = async () => {
    await api.logout();
    settle(await api.me());
  };

  const logoutEverywhere = async () => {
    const r = await api.logoutEverywhere();
    if (!r.ok) return setError(r.error);
    settle(await api.me());
  };

  return (
    <section class="page account">
      <h1>{t.account.title}</h1>
      <ErrorLine error={error} />
      {me === null ? (
        !error && <p>{t.common.loading}</p>
      ) : me.guest ? (
        <>
          <p>{t.account.guest}</p>
          <Credentials
            submitLabel={t.account.register}
            testid="register"
            send={async (n, p) => settle(await api.register(n, p))}
          />
          <h2>{t.account.haveAccount}</h2>
          <Credentials
            submitLabel={t.account.login}
            testid="login"
            send={async (n, p) => settle(await api.login(n, p))}
          />
        </>
      ) : (
        <>
          <p data-testid="signed-in">
            <Rich text={t.account.signedIn} slots={{ name: <bdi>{me.name}</bdi> }} />
          </p>
          <button type="button" onClick={logout} data-testid="logout">
            {t.account.logout}
          </button>
          <p class="hint">{t.account.logoutEverywhereHint}</p>
          <button type="button" onClick={logoutEverywhere} data-testid="logout-everywhere">
            {t.account.logoutEverywhere}
          </button>
        </>
      )}
    </section>
  );
}
